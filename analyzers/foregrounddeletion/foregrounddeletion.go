package foregrounddeletion

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/clients"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

//go:embed doc.go
var doc string

// Rule describes the foregrounddeletion rule.
var Rule = &lint.Rule{
	Name:       "foregrounddeletion",
	Doc:        doc,
	Default:    true,
	Since:      "v0.1.0",
	Severity:   lint.Error,
	Origin:     "Crossplane claims and composites: dependents deleted and the finalizer removed without seeing them gone, so failures are invisible and resources leak",
	Helpers:    []string{"cascade.DeleteAndWait", "finalizer.Requeue"},
	Categories: []string{categoryUnobserved, categoryUnobservedForeign, categoryIgnoredPolicy, categoryOrphanedPods},
	Requires:   []*analysis.Analyzer{deletionpath.Analyzer, children.Analyzer, groupkind.Analyzer},
	FactTypes:  []analysis.Fact{new(deletesFact), new(moduleFact)},
	Run:        run,
}

// Analyzer reports deletions of dependents whose outcome the deleting
// object never observes before removing its finalizer, and deletions that
// ignore the deletion policy the object's API offers.
var Analyzer = lint.New(Rule)

// Categories of the diagnostics, one per sub-check.
const (
	categoryUnobserved = "unobserved" // finalizer removed without seeing the dependent gone
	// The same, for a dependent of another project's kind that nothing
	// here gives a finalizer: the consequence depends on that project.
	categoryUnobservedForeign = "unobserved-foreign-kind"
	categoryIgnoredPolicy     = "ignoredpolicy" // the API's deletion policy field is not used
	categoryOrphanedPods      = "orphanedpods"  // a Job deleted with the API's default policy, which orphans its Pods
)

type checker struct {
	pass *analysis.Pass
	info *types.Info
	code *deletionpath.Code
	// deleter is, for each package function, a dependent Delete it makes
	// (itself or through its callees) without reading the deleted type
	// back, with the call of its body that leads to it when a callee makes
	// it; computed on demand.
	deleter map[*types.Func]deleteVia
	// policyRead holds the policy fields the package reads.
	policyRead map[*types.Var]bool
	observed   map[observeKey]bool
	// notDone is, for each package function, the index of its bool result
	// that is false after every dependent Delete, or -1 (see guards.go).
	notDone  map[*types.Func]int
	reported map[*ast.CallExpr]bool
	// allCalls are the package's calls (see calls).
	allCalls []*ast.CallExpr
	// podsDeleted memoises funcDeletesPods.
	podsDeleted map[*types.Func]bool
	// unstructured indexes the kinds and decodings of unstructured objects
	// (see jobs.go); built on demand.
	unstructured *unstructuredIndex
	// finalized holds the types (types.TypeString) to which the package
	// adds a finalizer; computed on demand.
	finalized map[string]bool
	// vals are the assignments of the package's variables.
	vals *values.Index
	// kids knows the kinds of objects of interface type (children.KindsOf).
	kids *children.Result
	// made holds the types (types.TypeString) of the objects the package
	// creates; computed on demand.
	made map[string]bool
	// imported memoises the deletesFact of other packages' functions.
	imported map[*types.Func]*deletesFact
	// module is what the package knows of its module's finalizers, and
	// the findings it passes on (see module.go).
	module *module
}

func run(pass *analysis.Pass) (any, error) {
	code, _ := pass.ResultOf[deletionpath.Analyzer].(*deletionpath.Code)
	kids, _ := pass.ResultOf[children.Analyzer].(*children.Result)
	c := &checker{pass: pass, info: pass.TypesInfo, code: code, reported: make(map[*ast.CallExpr]bool), kids: kids}
	if insp := inspection.Of(pass); insp != nil {
		c.vals = insp.Values
	}
	c.loadModule()
	defer c.reportModule()
	if code == nil || len(code.Funcs()) == 0 {
		return nil, nil
	}
	c.checkJobDeletes()
	c.exportDeleters()
	for _, f := range code.Funcs() {
		rem := code.Removal(f.Obj)
		if ep := code.EntryPoint(f.Obj); rem == nil && ep != nil && ep.Releases {
			// A return without an error is the removal.
			c.checkUnobserved(f, ep.Object, nil, ep)
			continue
		}
		if rem == nil || rem.Object == nil {
			continue
		}
		self := c.info.TypeOf(rem.Object)
		if self == nil {
			continue
		}
		c.checkUnobserved(f, self, rem, nil)
		c.checkPolicy(f, self)
	}
	return nil, nil
}

// dependentDelete returns the client Delete call of a dependent (an object
// of another type than self, and not of self's owner's: see ownerOf) in n,
// outside function literals, or nil. An object deleted through another
// cluster's client (a workload cluster's, clients.Remote) is a dependent
// only when the package makes objects of its type (through any client: a
// multi-cluster operator's members): one it never makes (a workload
// cluster's Node) belongs to that cluster, where this cluster's garbage
// collector and finalizers do not reach.
func (c *checker) dependentDelete(n ast.Node, self types.Type) *ast.CallExpr {
	var found *ast.CallExpr
	ast.Inspect(n, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if t := c.deletedType(call); t != nil && !sameType(t, self) && !c.ownerOf(t, self) && (!c.remote(call) || c.makes(t)) {
			found = call
		}
		return found == nil
	})
	return found
}

// ownerOf reports whether objects of type t own those of type self: code in
// scope gives self's kind an owner reference (a controller's or a plain
// one, on objects it creates or updates) to t's. Deleting
// one's owner (a Pod that marks its parent for deletion, so that the
// parent does not make it again) deletes no dependent: the owner's
// deletion is its own controller's to finish.
func (c *checker) ownerOf(t, self types.Type) bool {
	return c.kids.Owns(objkind.Of(t), objkind.Of(self))
}

// makes reports whether the package creates, applies or creates-or-updates
// objects of type t, through any client.
func (c *checker) makes(t types.Type) bool {
	if c.made == nil {
		c.made = make(map[string]bool)
		for _, call := range c.calls() {
			var obj ast.Expr
			if cc, ok := recognize.AsClientCall(c.info, call); ok && (cc.Method == "Create" || cc.Method == "Apply") {
				obj = cc.Object
			} else if tc, ok := recognize.AsTypedCall(c.info, call); ok && (tc.Method == "Create" || tc.Method == "Apply") && !tc.Lister {
				c.made[types.TypeString(recognize.Unpointer(tc.Type), nil)] = true
			} else if fn := recognize.Callee(c.info, call); (recognize.IsFunc(fn, recognize.PkgControllerutil, "CreateOrUpdate") || recognize.IsFunc(fn, recognize.PkgControllerutil, "CreateOrPatch")) && len(call.Args) >= 3 {
				obj = call.Args[2]
			}
			if ot := c.info.TypeOf(obj); obj != nil && ot != nil {
				c.made[types.TypeString(recognize.Unpointer(ot), nil)] = true
			}
		}
	}
	return c.made[types.TypeString(recognize.Unpointer(t), nil)]
}

// remote reports whether the client call is made through another cluster's
// client.
func (c *checker) remote(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && clients.Remote(c.info, c.vals, sel.X)
}

func sameType(a, b types.Type) bool {
	return types.Identical(recognize.Unpointer(a), recognize.Unpointer(b))
}

// deletedType returns the type of the objects a Delete call deletes: a
// client's Delete of an object or DeleteAllOf of a type, a typed
// clientset's Delete by name or DeleteCollection, or a call of another
// package's function that deletes without reading back (its deletesFact);
// nil for any other call.
func (c *checker) deletedType(call *ast.CallExpr) types.Type {
	if f := c.importedDeleter(call); f != nil {
		return c.importedType(call, f)
	}
	if cc, ok := recognize.AsClientCall(c.info, call); ok && (cc.Method == "Delete" || cc.Method == "DeleteAllOf") && !cc.Status && cc.Object != nil {
		return c.info.TypeOf(cc.Object)
	}
	if tc, ok := recognize.AsTypedCall(c.info, call); ok && (tc.Method == "Delete" || tc.Method == "DeleteCollection") && !tc.Lister {
		return tc.Type
	}
	return nil
}

// deletesCollection reports whether call deletes every object a selector
// or options select (DeleteAllOf, DeleteCollection), not one object.
func (c *checker) deletesCollection(call *ast.CallExpr) bool {
	if f := c.importedDeleter(call); f != nil {
		return f.Collection
	}
	if cc, ok := recognize.AsClientCall(c.info, call); ok {
		return cc.Method == "DeleteAllOf"
	}
	tc, ok := recognize.AsTypedCall(c.info, call)
	return ok && tc.Method == "DeleteCollection"
}

// observes reports whether n reads objects of type t back (a Get or List
// of t, through a package function too), or deletes and waits with the
// runtime's cascade.DeleteAndWait.
func (c *checker) observes(n ast.Node, t types.Type, depth int) bool {
	return c.observesAfter(n, t, depth, token.NoPos)
}

// observesAfter is observes counting only the calls after position after:
// in a helper that deletes, the List that found the dependents (selected
// by label, or through an index) does not see them gone.
func (c *checker) observesAfter(n ast.Node, t types.Type, depth int, after token.Pos) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Pos() < after {
			return true
		}
		fn := recognize.Callee(c.info, call)
		if recognize.IsFunc(fn, recognize.PkgRuntimeCascade, "DeleteAndWait") {
			found = true
			return false
		}
		if cc, ok := recognize.AsClientCall(c.info, call); ok && (cc.Method == "Get" || cc.Method == "List") && cc.Object != nil {
			if ot := c.info.TypeOf(cc.Object); ot != nil && (sameType(ot, t) || cc.Method == "List" && listOf(ot, t)) {
				found = true
				return false
			}
		}
		if tc, ok := recognize.AsTypedCall(c.info, call); ok && (tc.Method == "Get" || tc.Method == "List") && sameType(tc.Type, t) {
			found = true // a typed clientset's or a lister's read of t
			return false
		}
		if isGetter(fn, t) {
			found = true
			return false
		}
		if depth < 4 && fn != nil && c.funcObserves(fn, t, depth+1) {
			found = true
			return false
		}
		return true
	})
	return found
}

// isGetter reports whether fn, a function of any package, reads objects of
// type t through a client: it takes a controller-runtime client and returns
// a t, a slice of t or a list of t with an error, as Cluster API's
// external.GetObjectFromContractVersionedRef does for the unstructured
// objects a spec refers to.
func isGetter(fn *types.Func, t types.Type) bool {
	if fn == nil || recognize.Receiver(fn) != nil && recognize.IsClientMethod(fn, fn.Name()) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || !recognize.ReturnsError(fn) {
		return false
	}
	returnsT := false
	for i := range sig.Results().Len() {
		rt := sig.Results().At(i).Type()
		if s, ok := rt.Underlying().(*types.Slice); ok && sameType(s.Elem(), t) || sameType(rt, t) || listOf(rt, t) {
			returnsT = true
		}
	}
	return returnsT && recognize.TakesClient(fn)
}

// releases reports whether body, before the call del, edits the owner
// references of the object del deletes (obj.SetOwnerReferences(...),
// obj.OwnerReferences = ..., or a package function given obj that does
// so to its parameter): the deleting object gave up its ownership first, so the object is a shared one it cleans up, not a dependent it
// must see gone (Cluster API's ClusterResourceSet drops itself from a
// binding and deletes the binding once no set is left).
func (c *checker) releases(body ast.Node, del *ast.CallExpr) bool {
	if del.Pos() < body.Pos() || del.Pos() >= body.End() {
		return false
	}
	cc, ok := recognize.AsClientCall(c.info, del)
	if !ok || cc.Object == nil {
		return false
	}
	v := deletionpath.RootVar(c.info, cc.Object)
	if v == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= del.Pos() {
			return false
		}
		found = c.ownerRefEdit(n, v, 0)
		return !found
	})
	return found
}

// ownerRefEdit reports whether node n edits the owner references of the
// object v holds: v.OwnerReferences = ..., v.SetOwnerReferences(...), or a
// call of a package function that does so to the parameter given v.
func (c *checker) ownerRefEdit(n ast.Node, v types.Object, depth int) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for _, l := range n.Lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "OwnerReferences" && deletionpath.RootVar(c.info, sel.X) == v {
				return true
			}
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetOwnerReferences" && deletionpath.RootVar(c.info, sel.X) == v {
			return true
		}
		for i, arg := range n.Args {
			if deletionpath.RootVar(c.info, arg) == v && c.editsOwnerRefs(recognize.Callee(c.info, n), i, depth) {
				return true
			}
		}
	}
	return false
}

// editsOwnerRefs reports whether the package function fn edits the owner
// references of the object its parameter i holds (see ownerRefEdit).
func (c *checker) editsOwnerRefs(fn *types.Func, i, depth int) bool {
	f := c.code.Func(fn)
	if f == nil || depth > 3 {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || i >= sig.Params().Len() {
		return false
	}
	p := sig.Params().At(i)
	found := false
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if !found && n != nil {
			found = c.ownerRefEdit(n, p, depth+1)
		}
		return !found
	})
	return found
}

// funcObserves reports whether the package function fn reads objects of
// type t back (see observes); results are cached per function and type.
func (c *checker) funcObserves(fn *types.Func, t types.Type, depth int) bool {
	f := c.code.Func(fn)
	if f == nil {
		// An interface method reads back when one of its
		// implementations does.
		for _, impl := range c.implementations(fn) {
			if c.code.Func(impl) != nil && c.funcObserves(impl, t, depth) {
				return true
			}
		}
		return false
	}
	key := observeKey{f.Obj, types.TypeString(recognize.Unpointer(t), nil)}
	if v, ok := c.observed[key]; ok {
		return v
	}
	if c.observed == nil {
		c.observed = make(map[observeKey]bool)
	}
	c.observed[key] = false // cuts recursion
	v := c.observes(f.Decl.Body, t, depth)
	c.observed[key] = v
	return v
}

type observeKey struct {
	fn  *types.Func
	typ string
}

// listOf reports whether list is a list type whose Items are of type t.
func listOf(list, t types.Type) bool {
	st, ok := recognize.Unpointer(list).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Name() != "Items" {
			continue
		}
		if s, ok := f.Type().Underlying().(*types.Slice); ok {
			return sameType(s.Elem(), t)
		}
	}
	return false
}

// helperDelete returns the dependent Delete that a call of a package
// function makes without reading the deleted type back, or nil.
func (c *checker) helperDelete(n ast.Node, self types.Type) *ast.CallExpr {
	d, _ := c.helperDeleteCall(n, self)
	return d
}

// helperDeleteCall is helperDelete, with the call in n that leads to the
// Delete.
func (c *checker) helperDeleteCall(n ast.Node, self types.Type) (del, via *ast.CallExpr) {
	ast.Inspect(n, func(n ast.Node) bool {
		if del != nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if d := c.calleeDeletes(recognize.Callee(c.info, call), self); d != nil {
				del, via = d, call
			}
		}
		return del == nil
	})
	return del, via
}

// calleeDeletes returns the dependent Delete that a call of fn makes
// without reading the deleted type back: fn's own (see deleterOf) or, for
// an interface method, that of the first of its implementations in the
// package that makes one (a reconciler's parts, each with a Cleanup
// method, called in a loop).
func (c *checker) calleeDeletes(fn *types.Func, self types.Type) *ast.CallExpr {
	if fn == nil {
		return nil
	}
	if d := c.deleterOf(fn, self, 0); d != nil {
		return d
	}
	for _, impl := range c.implementations(fn) {
		if d := c.deleterOf(impl, self, 0); d != nil {
			return d
		}
	}
	return nil
}

// implementations returns the package's methods that a call of fn, an
// interface method, may run; nil for any other function.
func (c *checker) implementations(fn *types.Func) []*types.Func {
	if r := recognize.Receiver(fn); r == nil || !types.IsInterface(r) {
		return nil
	}
	return c.code.Implementations(fn)
}

// deleterOf returns the dependent Delete that fn makes, directly or through
// the package functions it calls, without reading the deleted type back.
func (c *checker) deleterOf(fn *types.Func, self types.Type, depth int) *ast.CallExpr {
	f := c.code.Func(fn)
	if f == nil || depth > 4 {
		return nil
	}
	if c.deleter == nil {
		c.deleter = make(map[*types.Func]deleteVia)
	}
	if d, ok := c.deleter[f.Obj]; ok {
		return d.del
	}
	c.deleter[f.Obj] = deleteVia{} // cuts recursion
	d := c.dependentDelete(f.Decl.Body, self)
	var via *ast.CallExpr
	var after token.Pos // where in f the Delete is made
	if d != nil {
		after = d.Pos()
	} else if d, via = c.helperDeleteCall(f.Decl.Body, self); d != nil {
		// Made by a helper, maybe declared after f or in another file:
		// what the helper reads (its List finds none left, and says so)
		// and what f reads after the call see the deletion.
		after = via.Pos()
	}
	if d != nil {
		if t := c.deletedType(d); t == nil || c.observesAfter(f.Decl.Body, t, 0, after) || c.releases(f.Decl.Body, d) {
			d, via = nil, nil
		}
	}
	c.deleter[f.Obj] = deleteVia{d, via}
	return d
}

// A deleteVia is a dependent Delete a function makes, and the call of its
// body that leads to it when a callee makes it (else nil).
type deleteVia struct {
	del, via *ast.CallExpr
}

// checkUnobserved reports, in f's deletion code, dependent deletions
// followed on some path by the finalizer removal, with no read of the
// dependent's type (or return) in between. For an entry point whose
// framework removes the finalizer when it succeeds (ep, with rem nil), the
// removal is a return with a nil error.
func (c *checker) checkUnobserved(f *deletionpath.Func, self types.Type, rem *recognize.FinalizerRemoval, ep *deletionpath.EntryPoint) {
	for _, b := range f.CFG.Blocks {
		if !b.Live || !f.Deleting(b) {
			continue
		}
		for i, n := range b.Nodes {
			at := c.dependentDelete(n, self)
			del := at
			if at == nil {
				del, at = c.helperDeleteCall(n, self)
			}
			if del == nil || at == nil || c.reported[at] {
				continue
			}
			t := c.deletedType(del)
			if t == nil || c.code.ReachesRemoval(n) || at == del && c.releases(f.Decl.Body, del) {
				continue
			}
			if c.cannotGoUnnoticed(f, at, del, t) {
				continue
			}
			if ep != nil && c.returnsErrorOf(f, n, at) || c.removedUnobserved(f, b, i+1, t, c.guardAt(f, n, at, del, self), ep != nil) {
				c.reported[at] = true
				c.reportUnobserved(f, at, del, t, self, rem, ep, nil)
			} else if ph := c.laterPhase(f, b, i+1, t); ph != nil && ep == nil {
				c.reported[at] = true
				c.reportUnobserved(f, at, del, t, self, rem, nil, ph)
			}
		}
	}
}

// cannotGoUnnoticed reports whether the Delete del (made by the call at in
// f) is of an object with no finalizer of its own whose failure is
// observed: once the Delete succeeds the object is gone, and until then
// the error is retried or keeps the finalizer.
func (c *checker) cannotGoUnnoticed(f *deletionpath.Func, at, del *ast.CallExpr, t types.Type) bool {
	return c.noFinalizerLeft(f, at, del) && c.failureObserved(f, at, del)
}

// noFinalizerLeft reports whether the object the Delete del deletes has no
// finalizer once deleted: its kinds carry none of their own, or the
// finalizers they carry are the package's own, released just before (the
// function removes a finalizer from that very object before deleting it).
// A kind's finalizers are the package's own when it is a built-in kind
// without finalizers of its own, or a kind the package adds a finalizer to:
// an operator that protects a kind with its finalizer keeps its lifecycle
// (a finalizer another controller adds is beyond what is seen here, as it
// is for built-in kinds).
func (c *checker) noFinalizerLeft(f *deletionpath.Func, at, del *ast.CallExpr) bool {
	kinds := c.deletedKindsAt(f, at, del)
	if c.noFinalizerOfItsOwn(kinds) {
		return true
	}
	if len(kinds) == 0 {
		return false
	}
	c.loadFinalized()
	for _, k := range kinds {
		if !recognize.NeverHeldForGood(objkind.Split(k)) && !c.finalized[k] {
			return false
		}
	}
	cc, ok := recognize.AsClientCall(c.info, del)
	body := c.enclosingBody(del)
	if !ok || cc.Object == nil || body == nil {
		return false
	}
	v := deletionpath.RootVar(c.info, cc.Object)
	released := false
	ast.Inspect(body, func(n ast.Node) bool {
		if released || n == nil || n.Pos() >= del.Pos() {
			return false
		}
		if r, ok := recognize.AsFinalizerEdit(c.info, n); ok && r.Object != nil && v != nil && deletionpath.RootVar(c.info, r.Object) == v {
			released = true
		}
		return !released
	})
	return released
}

// deletedKinds returns the kinds (children.Kind keys) the object a Delete
// call deletes may be: its static kind, or for an object of interface or
// unstructured type those its function assigns it (a map or slice of
// objects filled with literals, a generator's results); nil when unknown.
func (c *checker) deletedKinds(del *ast.CallExpr) []string {
	if k := objkind.Of(c.deletedType(del)); k != "" {
		return []string{k}
	}
	obj := c.deletedObject(del)
	if obj == nil {
		return nil
	}
	for _, f := range c.code.Funcs() {
		if b := f.Decl.Body; b.Pos() <= del.Pos() && del.End() <= b.End() {
			return c.kids.KindsOf(f.Obj, obj)
		}
	}
	return nil
}

// deletedKindsAt returns the kinds the Delete del deletes when the call at
// in f makes it: when at calls the helper that holds del and del deletes
// that helper's parameter or an element of it, the kinds at passes for it
// (nil when not known), so that each call is judged, and named, by its own
// argument, also when the helper is reached through others (a helper
// shared with pruning code that hands it objects of other kinds); else
// deletedKinds(del).
func (c *checker) deletedKindsAt(f *deletionpath.Func, at, del *ast.CallExpr) []string {
	for depth := 0; at != del && depth <= 4; depth++ {
		h := c.code.Func(recognize.Callee(c.info, at))
		if h == nil || h.Decl.Body == nil {
			break
		}
		if del.Pos() < h.Decl.Body.Pos() || h.Decl.Body.End() < del.End() {
			// Made further down: judged by the call h makes towards it.
			if d := c.deleter[h.Obj]; d.del == del && d.via != nil {
				f, at = h, d.via
				continue
			}
			break
		}
		if obj := c.deletedObject(del); obj != nil {
			// del deletes the helper's parameter (obj or &obj) or an
			// element of a collection parameter.
			if i, ok := c.paramHeld(recognize.ParamIndexes(c.info, h.Decl.Type), obj, 0); ok && i < len(at.Args) && !at.Ellipsis.IsValid() {
				return c.kids.KindsOf(f.Obj, at.Args[i])
			}
		}
		break
	}
	return c.deletedKinds(del)
}

// paramHeld returns the index of the parameter (of params) that the
// object e is: the parameter itself (obj or &obj), one of its elements
// (objs[i], &objs[i]), or a variable that ranges over it (or over a
// variable that ranges over it, for nested collections). An object reached
// through a field (s.owned) is not the parameter.
func (c *checker) paramHeld(params map[types.Object]int, e ast.Expr, depth int) (int, bool) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ast.Unparen(ix.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return 0, false
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok {
		return 0, false
	}
	if i, ok := params[v]; ok {
		return i, true
	}
	as := c.vals.Assignments(v)
	if depth > 3 || len(as) != 1 {
		return 0, false
	}
	if rs, ok := as[0].Node.(*ast.RangeStmt); ok && rs.Value != nil && c.vals.Var(rs.Value) == v {
		return c.paramHeld(params, rs.X, depth+1)
	}
	return 0, false
}

// dependentNames returns how a message names the dependent a Delete
// deletes: first, at its first mention, and again, after it. A kind that
// is not known is said to be unknown.
func (c *checker) dependentNames(del *ast.CallExpr, t types.Type, kinds []string) (first, again string) {
	if name := kindName(t, ""); name != "" {
		return name, name
	}
	if cc, ok := recognize.AsClientCall(c.info, del); ok && cc.Object != nil && len(kinds) == 0 {
		// A metadata-only or unstructured object given its kind by a
		// constant (of a group without a Go package here).
		if name, known := c.unstructuredKind(cc.Object); known && name != "" {
			return name, name
		}
	}
	var names []string
	for _, k := range kinds {
		_, name := objkind.Split(k)
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	if len(names) > 0 {
		name := strings.Join(names, " or ")
		return name, name
	}
	return "dependent (of a kind not known statically)", "dependent"
}

// failureObserved reports whether a failure of the Delete del, made by the
// call at in f, is observed: the helper that makes it returns its error,
// and f returns that error or keeps its finalizer when it fails; or the
// helper says it failed through its bool result, and f keeps its
// finalizer when it does.
func (c *checker) failureObserved(f *deletionpath.Func, at, del *ast.CallExpr) bool {
	if imp := c.importedDeleter(del); imp != nil && !imp.Returned {
		return false // another package's helper drops the Delete's error
	}
	if del != at {
		h, _ := c.code.Around(del)
		if h == nil {
			return false
		}
		if !deletionpath.HandsOnError(c.info, h.Obj, h.Decl.Body, del) {
			// A helper that says it failed through its bool result
			// (hasErrors = true), called by f in an if statement.
			return recognize.Callee(c.info, at) == h.Obj && c.failureFlagged(h, del) && c.flagKeepsFinalizer(f, at)
		}
	}
	return deletionpath.HandsOnError(c.info, f.Obj, f.Decl.Body, at) || c.failureKeepsFinalizer(f, at)
}

// enclosingBody returns the body of the package function that holds call,
// or nil.
func (c *checker) enclosingBody(call *ast.CallExpr) *ast.BlockStmt {
	if f, _ := c.code.Around(call); f != nil {
		return f.Decl.Body
	}
	return nil
}

// removedUnobserved reports whether, from node index from of block b, a
// finalizer removal is reachable without a read back of type t or a return,
// on the branches the guard g lets a path that deleted something take.
// When atReturn is set, a return with a nil error is the removal.
func (c *checker) removedUnobserved(f *deletionpath.Func, b *cfg.Block, from int, t types.Type, g guard, atReturn bool) bool {
	removed := false
	f.Forward(b, from, func(b *cfg.Block, from int) bool {
		for i := from; i < len(b.Nodes) && !removed; i++ {
			n := b.Nodes[i]
			if c.observes(n, t, 0) {
				return false
			}
			if c.code.ReachesRemoval(n) {
				removed = true
				return false
			}
			if ret, ok := n.(*ast.ReturnStmt); ok {
				removed = atReturn && c.nilError(f, ret)
				return false
			}
		}
		return !removed
	}, g.follow(c.info))
	return removed
}

// returnsErrorOf reports whether n is a return of f whose error result is
// that of call (return Result{}, client.IgnoreNotFound(c.Delete(...))):
// nil when the call succeeds.
func (c *checker) returnsErrorOf(f *deletionpath.Func, n ast.Node, call *ast.CallExpr) bool {
	ret, _ := n.(*ast.ReturnStmt)
	e := errorResult(f, ret)
	return e != nil && e.Pos() <= call.Pos() && call.End() <= e.End()
}

// nilError reports whether ret, a return of f, returns a nil error.
func (c *checker) nilError(f *deletionpath.Func, ret *ast.ReturnStmt) bool {
	id, ok := ast.Unparen(errorResult(f, ret)).(*ast.Ident)
	return ok && c.info.Uses[id] == types.Universe.Lookup("nil")
}

// errorResult returns the expression ret, a return of f, gives f's last
// result when that result is an error; nil otherwise.
func errorResult(f *deletionpath.Func, ret *ast.ReturnStmt) ast.Expr {
	res := f.Obj.Signature().Results()
	if ret == nil || res.Len() == 0 || len(ret.Results) != res.Len() || !recognize.IsError(res.At(res.Len()-1).Type()) {
		return nil
	}
	return ret.Results[len(ret.Results)-1]
}

// reportUnobserved reports the Delete del, made by the call at in f, after
// which the finalizer is removed without seeing the dependent gone: in the
// same pass, or in a later one (ph) that tests what this one recorded.
func (c *checker) reportUnobserved(f *deletionpath.Func, at, del *ast.CallExpr, t, self types.Type, rem *recognize.FinalizerRemoval, ep *deletionpath.EntryPoint, ph *phase) {
	kinds := c.deletedKindsAt(f, at, del)
	depFirst, dep := c.dependentNames(del, t, kinds)
	obj := kindName(self, "object")
	if obj == "object" {
		obj = "the object"
	}
	// Say only what can happen: a Delete whose error is retried goes
	// unnoticed only when the dependent's own finalizers block it; one of
	// a kind without finalizers, only when it fails.
	what := fmt.Sprintf("a deletion that fails or is blocked by the %s's own finalizers", dep)
	pending, noFinalizer := false, false
	outcome := "goes unnoticed and leaks"
	category := categoryUnobserved
	switch {
	case c.noFinalizerLeft(f, at, del):
		// Its error is dropped (an observed one is no finding): what
		// is missing is the retry, not a wait, which for a claim its
		// owner's Pods mount would never end.
		what, noFinalizer = "a deletion that fails", true
	case c.failureObserved(f, at, del):
		// The Delete was accepted: the dependent is left to whoever
		// releases its finalizers, and only the owner is no longer
		// there to show that it is still waiting.
		what = fmt.Sprintf("a deletion blocked by the %s's own finalizers", dep)
		outcome = fmt.Sprintf("goes unnoticed: %s is gone first, and a %s whose finalizers are never released is left behind with nothing on %s to show it", obj, dep, obj)
		if c.ownUnfinalized(kinds) {
			// Whether it has finalizers is up to code of the module
			// that this package does not see: passed on.
			pending = true
		} else if projects := c.foreignProjects(kinds); len(projects) > 0 {
			// Whether it has finalizers is up to another project's
			// controller: say that the consequence is conditional,
			// in a category of its own.
			category = categoryUnobservedForeign
			what = fmt.Sprintf("the %s is a kind of %s, which nothing here gives a finalizer; if its own controller does, a deletion they block", dep, strings.Join(projects, " and "))
			outcome += " (if it has none, an accepted Delete completes at once and this is harmless)"
		}
	}
	gone, requeue, helper := fmt.Sprintf("the %s is gone", dep), "requeue until a Get returns not-found", lint.RuntimeHelper(c.pass, ", or use cascade.DeleteAndWait")
	if c.deletesCollection(del) {
		depFirst, gone, requeue, helper = depFirst+" objects it selects", "they are gone", "requeue until a List of them finds none", ""
	}
	if ep != nil {
		// The framework removes the finalizer when the method returns
		// without an error: waiting is returning one.
		requeue = strings.Replace(requeue, "requeue", "return an error from "+f.Obj.Name(), 1)
	}
	advice, seen := fmt.Sprintf("delete with client.PropagationPolicy(metav1.DeletePropagationForeground) and %s%s", requeue, helper), "seen gone"
	if noFinalizer {
		advice, seen = "return the Delete's error (its not-found ignored) so that a failed deletion is retried; nothing holds an accepted one", "deleted"
	}
	var msg string
	var opts []lint.Option
	switch {
	case ep != nil:
		msg = fmt.Sprintf("%s removes the finalizer of %s as soon as %s returns no error, as it does after deleting the %s without observing that %s: %s %s; %s", ep.Caller, ep.ObjectNoun(), f.Obj.Name(), depFirst, gone, what, outcome, advice)
	case ph != nil:
		value := types.ExprString(ph.value)
		msg = fmt.Sprintf("%s removes its finalizer%s on a later pass once %s is %s, which is set after deleting the %s, without observing that %s: %s %s; set %s only once the %s is %s: %s", obj, c.finalizerName(rem), ph.field, value, depFirst, gone, what, outcome, ph.field, dep, seen, advice)
		opts = []lint.Option{lint.Related(ph.mark, "the deletion recorded"), lint.Related(ph.removal, "the finalizer removal, on a later pass")}
	default:
		msg = fmt.Sprintf("%s removes its finalizer%s after deleting the %s without observing that %s: %s %s; %s", obj, c.finalizerName(rem), depFirst, gone, what, outcome, advice)
		opts = []lint.Option{lint.Related(rem.Node(), "the finalizer removal")}
	}
	if del != at {
		opts = append(opts, lint.Related(del, "the Delete"))
	}
	if imp := c.importedDeleter(del); imp != nil {
		opts = append(opts, lint.RelatedPos(posn.Pos(c.pass.Fset, imp.At), "the Delete"))
	}
	if pending {
		d := analysis.Diagnostic{Pos: at.Pos(), End: at.End(), Category: category, Message: msg}
		for _, o := range opts {
			o(&d)
		}
		if !lint.Shown(c.pass, d) {
			return // silenced where the Delete is: silenced wherever it would be reported
		}
		here := "the Delete"
		if at != del {
			here = "the call that deletes"
		}
		d.Related = append([]analysis.RelatedInformation{{Pos: at.Pos(), End: at.End(), Message: here}}, d.Related...)
		typ := ""
		if n := recognize.Named(recognize.Receiver(f.Obj)); n != nil {
			typ = n.Obj().Name()
		}
		c.pend(d, kinds, objkind.Of(self), dep, typ, recognize.DisplayName(f.Obj))
		return
	}
	lint.Report(c.pass, at, category, msg, opts...)
}

// finalizerName returns the removed finalizer's name, after a space, or ""
// when the removal does not name it (a helper that removes them all).
func (c *checker) finalizerName(r *recognize.FinalizerRemoval) string {
	if r == nil || r.Name == nil {
		return ""
	}
	if tv, ok := c.info.Types[r.Name]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return " " + strconv.Quote(constant.StringVal(tv.Value))
	}
	// A name held in a variable or a field: the expression that holds it,
	// unless it only says "finalizer" again.
	if id := recognize.NameOf(r.Name); id != nil && strings.EqualFold(id.Name, "finalizer") {
		return ""
	}
	return " (" + types.ExprString(r.Name) + ")"
}

// kindName names the kind of t, or says what it is when its kind is not
// in the code (an interface such as client.Object, an unstructured object
// whose kind comes from data): "dependent" for a dependent, "object" for
// the deleting object.
func kindName(t types.Type, what string) string {
	n := recognize.Named(recognize.Unpointer(t))
	if n == nil || types.IsInterface(n) || recognize.KindSetAtRunTime(n) {
		return what
	}
	return n.Obj().Name()
}

// checkPolicy reports, in f's deletion code, the dependent deletions whose
// propagation policy is fixed (or left to the default) while the deleting
// object's API type has a field that names a deletion or propagation
// policy, which the package never reads.
func (c *checker) checkPolicy(f *deletionpath.Func, self types.Type) {
	field, path := policyField(self)
	if field == nil || c.readsField(field) {
		return
	}
	for _, b := range f.CFG.Blocks {
		if !b.Live || !f.Deleting(b) {
			continue
		}
		for _, n := range b.Nodes {
			del := c.dependentDelete(n, self)
			if del == nil || c.reported[del] || c.importedDeleter(del) != nil {
				continue
			}
			c.reported[del] = true
			how := "leaves the propagation policy to the default"
			if p := c.policyOption(del); p != "" {
				how = "hard-codes the propagation policy " + p
			}
			msg := fmt.Sprintf("this Delete %s while %s has field %s that names the deletion policy: the user's choice is ignored; pass client.PropagationPolicy from %s%s", how, kindName(self, "the object"), path, path, lint.RuntimeHelper(c.pass, " (or cascade.DeleteAndWait with it)"))
			lint.Report(c.pass, del, categoryIgnoredPolicy, msg)
		}
	}
}

// policyOption returns the constant propagation policy a Delete passes, or
// "".
func (c *checker) policyOption(call *ast.CallExpr) string {
	for _, a := range call.Args {
		p, ok := recognize.IsPropagationPolicy(c.info, a)
		if !ok {
			continue
		}
		if tv, ok := c.info.Types[p]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value)
		}
		return types.ExprString(p)
	}
	return ""
}

// readsField reports whether the package reads field anywhere.
func (c *checker) readsField(field *types.Var) bool {
	if c.policyRead == nil {
		c.policyRead = make(map[*types.Var]bool)
		for _, obj := range c.info.Uses {
			if v, ok := obj.(*types.Var); ok && v.IsField() {
				c.policyRead[v.Origin()] = true
			}
		}
	}
	return c.policyRead[field.Origin()]
}

// isPropagationType reports whether t is metav1.DeletionPropagation or a
// string type whose package declares constants of it named for cascading
// deletion ("Foreground" or "Background"), as Crossplane's
// CompositeDeletePolicy does. A policy whose values are "Delete" and
// "Orphan" (what to do with an external resource) is not one.
func isPropagationType(t types.Type) bool {
	if recognize.IsNamed(t, recognize.PkgMetaV1, "DeletionPropagation") {
		return true
	}
	n := recognize.Named(t)
	if n == nil || n.Obj().Pkg() == nil || !isString(t) {
		return false
	}
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		k, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(k.Type(), n) || k.Val().Kind() != constant.String {
			continue
		}
		if v := constant.StringVal(k.Val()); v == "Foreground" || v == "Background" {
			return true
		}
	}
	return false
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// policyField finds, in the struct type t (a pointer to one), a field up to
// three levels deep (Spec.CompositeDeletePolicy) that holds a propagation
// policy: of a propagation type (see isPropagationType), or a string named
// for one. Object and type metadata are skipped.
func policyField(t types.Type) (*types.Var, string) {
	var find func(t types.Type, prefix string, depth int) (*types.Var, string)
	find = func(t types.Type, prefix string, depth int) (*types.Var, string) {
		st, ok := recognize.Unpointer(t).Underlying().(*types.Struct)
		if !ok || depth > 3 {
			return nil, ""
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			ft := recognize.Unpointer(f.Type())
			if recognize.IsNamed(ft, recognize.PkgMetaV1, "ObjectMeta") || recognize.IsNamed(ft, recognize.PkgMetaV1, "TypeMeta") {
				continue
			}
			if isPropagationType(ft) || strings.Contains(strings.ToLower(f.Name()), "propagationpolicy") && isString(ft) {
				return f, prefix + f.Name()
			}
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if f.Embedded() {
				continue
			}
			if v, p := find(f.Type(), prefix+f.Name()+".", depth+1); v != nil {
				return v, p
			}
		}
		return nil, ""
	}
	return find(t, "", 0)
}
