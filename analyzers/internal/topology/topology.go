// Package topology finds a package's part of the deletion graph that
// `deletionlint graph` draws (see internal/graph): the controllers its
// builder chains make, and what their reconcilers' code does to other
// kinds. It reads what the rules' shared analyses already know: the
// builder chains (builders), the controlled children (children), the
// deletion code (deletionpath) and the waits of deletion code
// (finalizerblock), and adds only a walk of each reconciler's functions
// for the calls that look up, delete and add finalizers.
//
// A reconciler's functions are the methods of its type and the functions
// of the package they refer to, transitively.
package topology

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/finalizerblock"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/polls"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/internal/graph"
)

// Analyzer's result is the package's *graph.Fragment, empty (not nil) for
// a package out of scope.
var Analyzer = &analysis.Analyzer{
	Name: "topology",
	Doc:  "find the controllers of a package and what they do to other kinds, for deletionlint graph (internal to deletionlint)",
	Run:  run,
	Requires: []*analysis.Analyzer{inspection.Analyzer, builders.Analyzer, children.Analyzer,
		deletionpath.Analyzer, finalizerblock.Analyzer, groupkind.Analyzer, polls.Analyzer},
	ResultType: reflect.TypeFor[*graph.Fragment](),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

// state is one run.
type state struct {
	pass  *analysis.Pass
	info  *types.Info
	code  *deletionpath.Code
	frag  *graph.Fragment
	decls map[*types.Func]inspector.Cursor // the package's functions with bodies
	// cleanup holds the functions given to the runtime's finalizer.Runner
	// as its Cleanup: deletion code.
	cleanup map[*types.Func]bool
	refs    map[*types.Func][]*types.Func // the package functions each refers to
	// remote holds the indexes in frag.Edges of the edges made by calls
	// through another cluster's client.
	remote map[int]bool
}

func run(pass *analysis.Pass) (any, error) {
	frag := &graph.Fragment{}
	ins := inspection.Of(pass)
	if ins == nil {
		return frag, nil
	}
	s := &state{pass: pass, info: pass.TypesInfo, frag: frag, decls: make(map[*types.Func]inspector.Cursor), remote: make(map[int]bool)}
	s.code, _ = pass.ResultOf[deletionpath.Analyzer].(*deletionpath.Code)
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		fn, _ := s.info.Defs[fd.Name].(*types.Func)
		if fn == nil || fd.Body == nil {
			continue
		}
		s.decls[fn] = cur
		frag.Funcs = append(frag.Funcs, graph.Func{ID: funcID(fn), Name: funcName(fn), Span: s.span(fd.Pos(), fd.End())})
	}
	s.cleanups()
	kids, _ := pass.ResultOf[children.Analyzer].(*children.Result)
	for _, chain := range builders.Of(pass) {
		s.controller(chain, kids)
	}
	if res, _ := pass.ResultOf[finalizerblock.Analyzer].(*finalizerblock.Result); res != nil {
		for _, w := range res.Waits {
			frag.Edges = append(frag.Edges, graph.Edge{From: w.Waiter, To: w.On, Relation: graph.WaitsFor, At: []graph.Position{s.node(w.At)}})
		}
	}
	s.grants()
	frag.GroupKinds = groupKinds(groupkind.Of(pass), frag)
	return frag, nil
}

// groupKinds returns the GroupKinds of the kinds frag names whose API
// group ix knows, by kind key; nil when there are none.
func groupKinds(ix *groupkind.Index, frag *graph.Fragment) map[string]string {
	var out map[string]string
	add := func(kind string) {
		if gk, ok := ix.GroupKind(kind); ok {
			if out == nil {
				out = make(map[string]string)
			}
			out[kind] = gk.String()
		}
	}
	for _, c := range frag.Controllers {
		add(c.Kind)
	}
	for _, e := range frag.Edges {
		add(e.From)
		add(e.To)
	}
	return out
}

// controller adds the controller the chain makes, for each kind it
// reconciles, and the relations of its reconciler's code.
func (s *state) controller(chain *builders.Chain, kids *children.Result) {
	recv := builders.Reconciler(s.pass.Pkg, chain)
	prims := builders.Primaries(s.info, chain)
	if len(prims) == 0 && chain.For != nil && recv != nil {
		// For of an object whose kind is set at run time: one node for
		// the reconciler.
		prims = []builders.Primary{{At: chain.For}}
	}
	if len(prims) == 0 {
		return
	}
	recvKey := recognize.TypeKey(recv)
	funcs := s.reconcilerFuncs(recv)
	built := s.enclosing(chain.Start)
	for _, p := range prims {
		id := graph.NodeID(p.Kind, recvKey)
		c := graph.Controller{Kind: p.Kind, Reconciler: recvKey}
		if built != nil {
			c.Code = append(c.Code, s.node(built))
		}
		for _, fn := range funcs {
			c.Code = append(c.Code, s.node(s.decls[fn].Node()))
		}
		w := &walker{s: s, id: id, kind: p.Kind}
		for _, fn := range funcs {
			w.walk(fn)
		}
		c.Finalizer = w.finalizer
		var owned []children.Child
		if recv != nil && p.Kind != "" {
			for _, kid := range kids.OfReconciler(recv, p.Kind) {
				if !p.Guessed || kid.Owner == p.Kind { // as ownschildren: only what is owned by this very kind
					owned = append(owned, kid)
				}
			}
		}
		// As the rules: the passes that reach the children count.
		ats := make([]ast.Node, len(owned))
		for i, kid := range owned {
			ats[i] = kid.At
		}
		if poll, ok := polls.Of(s.pass).ReconcilerFrom(recv, ats...); ok {
			c.Polls = poll.Describe()
		}
		s.frag.Controllers = append(s.frag.Controllers, c)
		s.watches(chain, p, id)
		for _, kid := range owned {
			s.frag.Edges = append(s.frag.Edges, graph.Edge{From: id, To: kid.Kind, Relation: graph.Owns, At: []graph.Position{s.node(kid.At)}})
		}
	}
}

// watches adds the watches of the chain's controller, reconciling p: a
// builder's Owns, Watches and WatchesMetadata, a kept controller's Watch,
// and the kinds helpers of other packages watch.
func (s *state) watches(chain *builders.Chain, p builders.Primary, id string) {
	seen := make(map[string]bool)
	add := func(call *ast.CallExpr, detail string) {
		k := objkind.Of(builders.ObjectArg(s.info, call))
		if k == "" || k == p.Kind || seen[k+"\x00"+detail] {
			return
		}
		seen[k+"\x00"+detail], seen[k] = true, true
		at := ast.Node(call)
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			at = &span{sel.Sel.Pos(), call.End()} // not the chain before it
		}
		s.frag.Edges = append(s.frag.Edges, graph.Edge{From: id, To: k, Relation: graph.Watches, Detail: detail, At: []graph.Position{s.node(at)}})
	}
	for _, call := range chain.Calls {
		switch m, _, _ := builders.BuilderCall(s.info, call); m {
		case "Owns":
			add(call, "Owns")
		case "Watches", "WatchesMetadata":
			if len(call.Args) > 1 && isOwnerHandler(s.info, call.Args[1]) {
				add(call, m+", owner handler")
			} else {
				add(call, m)
			}
		}
	}
	for _, call := range chain.KeptWatches {
		add(call, "Watch")
	}
	for _, k := range chain.ExternalKinds {
		if !seen[k] && k != p.Kind {
			seen[k] = true
			s.frag.Edges = append(s.frag.Edges, graph.Edge{From: id, To: k, Relation: graph.Watches, Detail: "in a helper", At: []graph.Position{s.node(chain.Start)}})
		}
	}
}

// isOwnerHandler reports whether e is handler.EnqueueRequestForOwner or
// its typed form.
func isOwnerHandler(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	key := recognize.CallKey(info, call)
	return recognize.KeyIs(key, recognize.PkgHandler, "EnqueueRequestForOwner") || recognize.KeyIs(key, recognize.PkgHandler, "TypedEnqueueRequestForOwner")
}

// walker walks one controller's reconciler functions.
type walker struct {
	s         *state
	id        string // the controller's node
	kind      string // the reconciled kind, or ""
	finalizer bool
}

// walk adds what fn does: lookups of other kinds, deletions in deletion
// code, finalizers added to or removed from the reconciled object.
func (w *walker) walk(fn *types.Func) {
	s := w.s
	deletionOnly := s.code.DeletionOnly(fn) || s.cleanup[fn]
	for cur := range s.decls[fn].Preorder((*ast.CallExpr)(nil), (*ast.AssignStmt)(nil)) {
		if as, ok := cur.Node().(*ast.AssignStmt); ok {
			// obj.Finalizers = append(...), = kept: an add or a removal.
			if obj := recognize.FinalizersAssigned(s.info, as); obj != nil {
				w.finalizer = w.finalizer || w.own(obj)
			}
			continue
		}
		call := cur.Node().(*ast.CallExpr)
		if recognize.IsFinalizerAdd(s.info, call) {
			w.finalizer = w.finalizer || w.own(finalizerObject(s.info, call))
			continue
		}
		if r, ok := recognize.AsFinalizerRemoval(s.info, call); ok {
			w.finalizer = w.finalizer || w.own(r.Object)
			continue
		}
		if l, ok := recognize.AsLookup(s.info, call); ok {
			w.lookup(l)
			continue
		}
		deleting := deletionOnly || s.code.InDeletion(cur)
		if !deleting {
			continue
		}
		if cc, ok := recognize.AsClientCall(s.info, call); ok && (cc.Method == "Delete" || cc.Method == "DeleteAllOf") && !cc.Status && cc.Object != nil {
			w.deletes(call, s.info.TypeOf(cc.Object), "")
		} else if tc, ok := recognize.AsTypedCall(s.info, call); ok && (tc.Method == "Delete" || tc.Method == "DeleteCollection") && !tc.Lister {
			w.deletes(call, tc.Type, "")
		} else if fn := recognize.Callee(s.info, call); (recognize.IsFunc(fn, recognize.PkgRuntimeCascade, "DeleteAndWait") || recognize.IsFunc(fn, recognize.PkgRuntimeCascade, "DeleteAndWaitFor")) && len(call.Args) > 2 {
			w.deletes(call, s.info.TypeOf(call.Args[2]), "and waits")
		}
	}
}

// cleanups finds the functions of the package given to finalizer.Runner
// literals as their Cleanup, which runs only while the object is deleted.
func (s *state) cleanups() {
	if !slices.ContainsFunc(s.pass.Pkg.Imports(), func(p *types.Package) bool { return recognize.PathIs(p.Path(), recognize.PkgRuntimeFinalizer) }) {
		return
	}
	for _, cur := range s.decls {
		for lc := range cur.Preorder((*ast.CompositeLit)(nil)) {
			lit := lc.Node().(*ast.CompositeLit)
			if !recognize.IsNamedOrPointer(s.info.TypeOf(lit), recognize.PkgRuntimeFinalizer, "Runner") {
				continue
			}
			var id *ast.Ident
			switch e := ast.Unparen(recognize.CompositeField(lit, "Cleanup")).(type) {
			case *ast.Ident:
				id = e
			case *ast.SelectorExpr:
				id = e.Sel
			}
			if fn, ok := s.info.Uses[id].(*types.Func); ok && id != nil {
				if s.cleanup == nil {
					s.cleanup = make(map[*types.Func]bool)
				}
				s.cleanup[fn.Origin()] = true
			}
		}
	}
}

// own reports whether obj, an object whose finalizers change, is the
// reconciled object: of its kind, or of no known kind.
func (w *walker) own(obj ast.Expr) bool {
	if obj == nil {
		return true
	}
	k := objkind.Of(w.s.info.TypeOf(obj))
	return k == "" || k == w.kind
}

// finalizerObject returns the object a finalizer is added to: the
// receiver of SetFinalizers, else the first argument that is an object.
func finalizerObject(info *types.Info, call *ast.CallExpr) ast.Expr {
	if obj := recognize.FinalizerAddObject(info, call); obj != nil {
		return obj
	}
	for _, a := range call.Args {
		if t := info.TypeOf(a); t != nil && objkind.Of(t) != "" {
			return a
		}
	}
	return nil
}

// lookup adds a lookup of another kind: by a name (a Get: rule ownerbyref
// says when that name is not the owner's), or through the owner references
// (the owner helpers). A Get is drawn only when the graph
// shows the kind owning the reconciled one, or a finding is about it.
func (w *walker) lookup(l recognize.Lookup) {
	s := w.s
	k := objkind.Of(l.Type)
	if k == "" || k == w.kind || l.Key != nil && recognize.IsRequestKey(s.info, l.Key) {
		return
	}
	e := graph.Edge{From: w.id, To: k, Relation: graph.LooksUp, At: []graph.Position{s.node(l.Call)}}
	if l.Kind == recognize.LookupGet {
		e.Detail, e.IfOwner = "Get", true
	} else {
		e.Detail = "owner references"
	}
	s.add(e, l.Call)
}

// deletes adds the deletion of an object of type t in deletion code.
func (w *walker) deletes(call *ast.CallExpr, t types.Type, detail string) {
	k := objkind.Of(t)
	if k == "" || k == w.kind {
		return
	}
	w.s.add(graph.Edge{From: w.id, To: k, Relation: graph.Deletes, Detail: detail, At: []graph.Position{w.s.node(call)}}, call)
}

// add adds an edge that call makes, and notes whether it goes through
// another cluster's client.
func (s *state) add(e graph.Edge, call *ast.CallExpr) {
	if s.viaRemote(call) {
		s.remote[len(s.frag.Edges)] = true
	}
	s.frag.Edges = append(s.frag.Edges, e)
}

// reconcilerFuncs returns the functions of the reconciler type recv: its
// methods declared in the package and the package functions they refer
// to, transitively, in source order.
func (s *state) reconcilerFuncs(recv types.Type) []*types.Func {
	n := recognize.Named(recognize.Unpointer(recv))
	if n == nil {
		return nil
	}
	seen := make(map[*types.Func]bool)
	var queue []*types.Func
	for _, m := range children.Methods(n) {
		if _, ok := s.decls[m]; ok && !seen[m] {
			seen[m] = true
			queue = append(queue, m)
		}
	}
	for i := 0; i < len(queue); i++ {
		for _, callee := range s.referred(queue[i]) {
			if !seen[callee] {
				seen[callee] = true
				queue = append(queue, callee)
			}
		}
	}
	out := make([]*types.Func, 0, len(queue))
	for fn := range s.decls {
		if seen[fn] {
			out = append(out, fn)
		}
	}
	slices.SortFunc(out, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

// referred returns the functions of the package with bodies that fn
// refers to (calls, or passes as a value).
func (s *state) referred(fn *types.Func) []*types.Func {
	if s.refs == nil {
		s.refs = make(map[*types.Func][]*types.Func)
	}
	if r, ok := s.refs[fn]; ok {
		return r
	}
	var out []*types.Func
	for cur := range s.decls[fn].Preorder((*ast.Ident)(nil)) {
		callee, _ := s.info.Uses[cur.Node().(*ast.Ident)].(*types.Func)
		if callee == nil {
			continue
		}
		callee = callee.Origin()
		if _, ok := s.decls[callee]; ok && callee != fn {
			out = append(out, callee)
		}
	}
	s.refs[fn] = out
	return out
}

// enclosing returns the function declaration around n, or nil.
func (s *state) enclosing(n ast.Node) ast.Node {
	if n == nil {
		return nil
	}
	for _, cur := range s.decls {
		if fd := cur.Node(); fd.Pos() <= n.Pos() && n.End() <= fd.End() {
			return fd
		}
	}
	return nil
}

// span is a range of source, as an ast.Node.
type span struct{ pos, end token.Pos }

func (s *span) Pos() token.Pos { return s.pos }
func (s *span) End() token.Pos { return s.end }

// node returns the position of n, with its end.
func (s *state) node(n ast.Node) graph.Position {
	return s.span(n.Pos(), n.End())
}

func (s *state) span(pos, end token.Pos) graph.Position {
	p, e := s.pass.Fset.Position(pos), s.pass.Fset.Position(end)
	return graph.Position{File: p.Filename, Line: p.Line, Col: p.Column, EndLine: e.Line, EndColumn: e.Column}
}

// funcID is fn's identity: import/path.Func, or import/path.Type.Method.
func funcID(fn *types.Func) string { return qualifiedName(fn, (*types.Package).Path) }

// funcName names fn for a reader: pkg.Func, or pkg.Type.Method.
func funcName(fn *types.Func) string { return qualifiedName(fn, (*types.Package).Name) }

// qualifiedName is fn's name, after its receiver type's and its package's
// as qualifier gives it.
func qualifiedName(fn *types.Func, qualifier func(*types.Package) string) string {
	name := fn.Name()
	if r := recognize.Receiver(fn); r != nil {
		if n := recognize.Named(recognize.Unpointer(r)); n != nil {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = qualifier(fn.Pkg()) + "." + name
	}
	return name
}
