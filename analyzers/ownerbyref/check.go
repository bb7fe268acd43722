package ownerbyref

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// A source says where a name comes from.
type source int8

const (
	noSource   source = iota
	fromName          // the object's own name (or the request's)
	fromLabel         // one of its labels
	fromAnno          // one of its annotations
	fromSpec          // its spec
	fromDerive        // a string computed from the object
)

func (s source) String() string {
	switch s {
	case fromName:
		return "the object's own name"
	case fromLabel:
		return "a label of the object"
	case fromAnno:
		return "an annotation of the object"
	case fromSpec:
		return "the object's spec"
	case fromDerive:
		return "a string derived from the object"
	}
	return "nothing"
}

// Cluster API's core API packages: their kinds name their Cluster in a
// required spec.clusterName and carry the cluster-name label by contract.
var clusterAPICore = []string{
	recognize.PkgClusterAPI + "/api",
	recognize.PkgClusterAPI + "/exp/api",
	recognize.PkgClusterAPI + "/exp/addons/api",
	recognize.PkgClusterAPI + "/exp/ipam/api",
	recognize.PkgClusterAPI + "/exp/runtime/api",
}

func isClusterAPICore(t types.Type) bool {
	n := recognize.Named(recognize.Unpointer(t))
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	for _, p := range clusterAPICore {
		if recognize.PathUnder(n.Obj().Pkg().Path(), p) {
			return true
		}
	}
	return false
}

// isClusterAPICluster reports whether t is Cluster API's Cluster (any API
// version).
func isClusterAPICluster(t types.Type) bool {
	n := recognize.Named(recognize.Unpointer(t))
	return n != nil && n.Obj().Name() == "Cluster" && isClusterAPICore(t)
}

// fnState is the taint of one function's variables, decided on demand.
type fnState struct {
	c    *checker
	r    *reconciler
	fn   *types.Func
	vars map[*types.Var]source
}

func (c *checker) check(r *reconciler) {
	for _, fn := range c.order {
		fd := c.decls[fn]
		if !c.inReconciler(fn, r) || isMapFunc(fn.Type()) {
			continue
		}
		s := &fnState{c: c, r: r, fn: fn, vars: make(map[*types.Var]source)}
		s.lookups(fd.Body)
	}
}

// inReconciler reports whether fn is part of r's code: a method of its
// type, or a function taking the reconciled object.
func (c *checker) inReconciler(fn *types.Func, r *reconciler) bool {
	if recv := recognize.Receiver(fn); recv != nil {
		n := recognize.Named(recv)
		return n != nil && n.Obj() == r.recv
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Params().Len() {
		if c.key(sig.Params().At(i).Type()) == r.selfKey {
			return true
		}
	}
	return false
}

// isMapFunc reports whether a function of type t maps watch events to
// requests: it returns []reconcile.Request.
func isMapFunc(t types.Type) bool {
	sig, ok := t.(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Results().Len() {
		if s, ok := types.Unalias(sig.Results().At(i).Type()).(*types.Slice); ok && recognize.IsNamed(s.Elem(), recognize.PkgReconcile, "Request") {
			return true
		}
	}
	return false
}

// walk visits the nodes of body, skipping watch map functions.
func walk(info *types.Info, body ast.Node, f func(ast.Node)) {
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && isMapFunc(info.TypeOf(lit)) {
			return false
		}
		if n != nil {
			f(n)
		}
		return true
	})
}

// varSource returns where the value of v comes from: the source of the
// first of its assignments (the first result of a multi-value one: name, ok
// := obj.Labels[k]; name, err := nameFor(obj)) that carries the reconciled
// object's name, labels, annotations or spec.
func (s *fnState) varSource(v *types.Var) source {
	if src, ok := s.vars[v]; ok {
		return src
	}
	s.vars[v] = noSource // while deciding: a cycle carries nothing
	for _, a := range s.c.ins.Values.Assignments(v) {
		if a.Value == nil || a.Result != 0 {
			continue
		}
		if src := s.taint(a.Value); src != noSource {
			s.vars[v] = src
			return src
		}
	}
	return noSource
}

// isSelf reports whether e is the reconciled object (or its request).
func (s *fnState) isSelf(e ast.Expr) bool {
	t := s.c.pass.TypesInfo.TypeOf(e)
	if t == nil {
		return false
	}
	if recognize.IsNamedOrPointer(t, recognize.PkgReconcile, "Request") {
		return true
	}
	return s.c.key(t) == s.r.selfKey
}

func (s *fnState) isSelfOrMeta(e ast.Expr) bool {
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" && s.isSelf(sel.X) {
		return true
	}
	return s.isSelf(e)
}

// selfSource reports where a selector, index or getter call rooted at the
// reconciled object reads from.
func (s *fnState) selfSource(e ast.Expr) source {
	for depth := 0; depth < 16; depth++ {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
			continue
		case *ast.CallExpr:
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || len(x.Args) != 0 || !s.isSelfOrMeta(sel.X) {
				return noSource
			}
			switch sel.Sel.Name {
			case "GetName":
				return fromName
			case "GetLabels":
				return fromLabel
			case "GetAnnotations":
				return fromAnno
			}
			return noSource
		case *ast.SelectorExpr:
			if s.isSelfOrMeta(x.X) {
				switch x.Sel.Name {
				case "Name", "NamespacedName":
					return fromName
				case "Labels":
					return fromLabel
				case "Annotations":
					return fromAnno
				case "Spec":
					return fromSpec
				}
				return noSource
			}
			e = x.X
			continue
		}
		return noSource
	}
	return noSource
}

// taint returns where the value of e comes from, when it carries the
// reconciled object's name, labels, annotations or spec.
func (s *fnState) taint(e ast.Expr) source {
	info := s.c.pass.TypesInfo
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return s.varSource(v)
		}
		return noSource
	case *ast.SelectorExpr, *ast.IndexExpr:
		if src := s.selfSource(x); src != noSource {
			return src
		}
		if sel, ok := x.(*ast.SelectorExpr); ok {
			if src := s.taint(sel.X); src != noSource && (sel.Sel.Name == "Name" || sel.Sel.Name == "NamespacedName") {
				return src // key.Name of a tainted key
			}
		}
		return noSource
	case *ast.StarExpr:
		return s.taint(x.X)
	case *ast.UnaryExpr:
		return s.taint(x.X)
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return noSource
		}
		if src := s.taint(x.X); src != noSource {
			return src
		}
		return s.taint(x.Y)
	case *ast.CompositeLit:
		return s.compositeTaint(x)
	case *ast.CallExpr:
		return s.callTaint(x)
	}
	return noSource
}

// compositeTaint: a key (types.NamespacedName, client.ObjectKey) carries
// the taint of its Name; label and field selectors that of any value.
func (s *fnState) compositeTaint(lit *ast.CompositeLit) source {
	t := s.c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return noSource
	}
	if recognize.IsNamed(t, recognize.PkgTypes, "NamespacedName") {
		for i, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Name" {
					return s.taint(kv.Value)
				}
			} else if i == 1 {
				return s.taint(elt)
			}
		}
		return noSource
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		if src := s.taint(elt); src != noSource {
			return src
		}
	}
	return noSource
}

func (s *fnState) callTaint(call *ast.CallExpr) source {
	info := s.c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return s.taint(call.Args[0]) // a conversion
		}
		return noSource
	}
	if src := s.selfSource(call); src != noSource {
		return src
	}
	key := recognize.CallKey(info, call)
	if recognize.KeyIs(key, recognize.PkgClient, "ObjectKeyFromObject") {
		return noSource // the key of that object itself
	}
	if !isNameLike(info.TypeOf(call)) {
		return noSource
	}
	for _, arg := range call.Args {
		if src := s.taint(arg); src != noSource {
			return src
		}
	}
	// nameFor(obj): a helper that computes a name from the object.
	for _, arg := range call.Args {
		if s.isSelf(arg) {
			return fromDerive
		}
	}
	return noSource
}

// isNameLike reports whether t (a call's result) can carry a name: a
// string, a key, a selector option, or a tuple starting with one.
func isNameLike(t types.Type) bool {
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 {
			return false
		}
		t = tup.At(0).Type()
	}
	if t == nil {
		return false
	}
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Info()&types.IsString != 0
	}
	if recognize.IsNamed(t, recognize.PkgTypes, "NamespacedName") {
		return true
	}
	_, isMap := t.Underlying().(*types.Map)
	return isMap
}

// lookups reports the Gets and Lists of an owning kind by a tainted name.
func (s *fnState) lookups(body *ast.BlockStmt) {
	info := s.c.pass.TypesInfo
	walk(info, body, func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		fn := recognize.Callee(info, call)
		if fn == nil {
			return
		}
		switch {
		case recognize.IsClientMethod(fn, "Get") && len(call.Args) >= 3:
			s.lookup(call, info.TypeOf(call.Args[2]), s.taint(call.Args[1]), categoryGet, "Get")
		case recognize.IsClientMethod(fn, "List") && len(call.Args) >= 2:
			src := noSource
			for _, opt := range call.Args[2:] {
				if src = s.taint(opt); src != noSource {
					break
				}
			}
			s.lookup(call, listItem(info.TypeOf(call.Args[1])), src, categoryList, "List")
		case recognize.IsFunc(fn, recognize.PkgClusterAPIUtil, "GetClusterByName") && len(call.Args) == 4:
			if isClusterAPICore(s.r.self) {
				return // the required spec.clusterName of a core kind
			}
			s.lookup(call, firstResult(fn), s.taint(call.Args[3]), categoryClusterAPI, "util.GetClusterByName")
		case recognize.IsFunc(fn, recognize.PkgClusterAPIUtil, "GetClusterFromMetadata") && len(call.Args) == 3:
			if isClusterAPICore(s.r.self) || !s.isSelfOrMeta(call.Args[2]) {
				return
			}
			s.lookup(call, firstResult(fn), fromLabel, categoryClusterAPI, "util.GetClusterFromMetadata")
		}
	})
}

func firstResult(fn *types.Func) types.Type {
	if rs := recognize.ResultTypes(fn); len(rs) > 0 {
		return rs[0]
	}
	return nil
}

// listItem returns the element type of a list type's Items field.
func listItem(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	st, ok := recognize.Unpointer(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for f := range st.Fields() {
		if f.Name() == "Items" {
			if s, ok := types.Unalias(f.Type()).(*types.Slice); ok {
				return s.Elem()
			}
		}
	}
	return nil
}

// A relation says whether a kind looked up owns the reconciled kind.
type relation int8

const (
	notOwner     relation = iota // the object itself, a child, or ruled out
	owner                        // known to own it
	unknownOwner                 // not known here: a package that sees more may know
)

// owns says whether owner is known to own the reconciled kind, for a name
// taken from src.
func (s *fnState) owns(o types.Type, src source) relation {
	key := s.c.key(o)
	if key == "" || key == s.r.selfKey || s.r.children[key] || s.c.owners[key][s.r.selfKey] {
		return notOwner // the object itself, or one of its children
	}
	// A kind that owns its own kind (nodes owned by their parent node) has
	// its other owners only at the root of each tree: a nested object
	// reaches the root by a name stamped on it when it was made, and
	// GetControllerOf would give its parent.
	nested := s.c.owners[s.r.selfKey][s.r.selfKey]
	if (s.c.owners[s.r.selfKey][key] && !nested) || config.OwnerKinds.Match(recognize.TypeKey(o)) {
		return owner
	}
	// Well known: Cluster API's Cluster owns the infrastructure and
	// control-plane objects of its providers. Names in their spec refer
	// to other objects.
	if isClusterAPICluster(o) && isProviderKind(s.r.self) && src != fromSpec {
		return owner
	}
	if s.c.owners[s.r.selfKey][key] || isClusterAPICluster(o) {
		return notOwner
	}
	return unknownOwner
}

// isProviderKind reports whether t can be a provider's infrastructure or
// control-plane object: a custom resource, neither a Cluster API core kind
// nor a built-in Kubernetes kind (a kubeconfig Secret is named after its
// Cluster by contract).
func isProviderKind(t types.Type) bool {
	n := recognize.Named(recognize.Unpointer(t))
	if n == nil || n.Obj().Pkg() == nil || isClusterAPICore(t) {
		return false
	}
	return !recognize.PathUnder(n.Obj().Pkg().Path(), recognize.PkgAPI)
}

func (s *fnState) lookup(call *ast.CallExpr, owner types.Type, src source, category, what string) {
	if owner == nil || src == noSource || s.c.reported[call.Pos()] || s.c.consultedBefore(s.fn, call.Pos(), s.r) {
		return
	}
	rel := s.owns(owner, src)
	if rel == notOwner {
		return
	}
	if recognize.InTestFile(s.c.pass.Fset, call.Pos()) {
		return
	}
	switch {
	case category == categoryGet && !isClusterAPICluster(owner) && s.adopts(call):
		// Self-adoption: the owner reference is set from the lookup. Not
		// for Cluster API's Cluster, whose own controller sets the
		// reference to the Cluster that names the object.
		return
	case src == fromName && s.c.named[s.r.selfKey][s.c.key(owner)]:
		return // the owner names the object after itself
	case s.c.decls[s.fn] != nil && tolerated(s.c.pass.TypesInfo, s.c.decls[s.fn].Body, call):
		return // best effort: a missed owner changes nothing that waits
	case src == fromLabel && isClusterAPICluster(owner) && !s.c.holdsFinalizer(s.r):
		return // no finalizer: nothing waits on the Cluster found
	}
	s.c.reported[call.Pos()] = true
	fix := "metav1.GetControllerOf"
	if isClusterAPICluster(owner) {
		fix = "util.GetOwnerCluster (for an infrastructure machine, util.GetOwnerMachine and then the Machine's cluster)"
	}
	fix += lint.RuntimeHelper(s.c.pass, " or ownership.GetOwner")
	// The owner's kind as the file names it (its import name), never a
	// package name the file does not use.
	ownerName, ok := objkind.NameIn(s.c.pass.Pkg, recognize.FileOf(s.c.pass.Files, call.Pos()), objkind.Of(owner))
	if !ok || objkind.Of(owner) == "" {
		// Not imported by the file: its kind, without a package name
		// the file does not use.
		ownerName = recognize.TypeName(owner)
		if n := recognize.Named(recognize.Unpointer(owner)); n != nil {
			ownerName = n.Obj().Name()
		}
	}
	if rel == unknownOwner {
		// Silenced where the lookup is (a directive, an exclusion), it
		// is silenced wherever it would be reported.
		if !lint.Shown(s.c.pass, analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: category, Message: what}) {
			return
		}
		s.c.pend(byNameLookup{
			Child: s.r.selfKey, Owner: s.c.key(owner), ChildName: shortName(s.r.self), OwnerName: shortName(owner),
			Source: int8(src), What: what, Category: category, Fix: fix,
			Func: recognize.DisplayName(s.fn), Pkg: s.c.pass.Pkg.Path(), Type: s.r.recv.Name(),
			At: posn.String(s.c.pass.Fset, call.Pos()),
		})
		return
	}
	msg := what + " of the owning " + ownerName + " by a name taken from " + src.String() +
		": an owner with another name is never found and its deletion is never seen, so the object and what it manages leak; find the owner through the owner references with " + fix
	lint.Report(s.c.pass, call, category, msg)
}
