package deletionpath

import (
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// removesFinalizerFact is the fact of a function or method that releases the
// finalizer of an object passed to it (an argument or its receiver), so
// that code of other packages that calls it, directly
// or through an interface it implements (a deletion backend behind an
// interface-typed field), is known to release the finalizer.
type removesFinalizerFact struct {
	// Guarded reports that the function removes the finalizer only in its
	// own deletion code (see recognize.FinalizerRemoval.Guarded).
	Guarded bool
	// NameParam and ObjectParam are 1 + the index of the parameter that
	// names the finalizer removed and of the one that holds the object it
	// is removed from, 0 when no parameter does.
	NameParam, ObjectParam int
	// Kinds are the kinds (groupkind.Index.Key) of every object whose
	// finalizer the function removes, sorted, when each is known; empty
	// when one is not (a client.Object): a caller may then be releasing
	// an object of any kind.
	Kinds []string
}

// AFact implements analysis.Fact.
func (*removesFinalizerFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (f *removesFinalizerFact) String() string {
	s := "removesFinalizer"
	if f.Guarded {
		s += " guarded"
	}
	if f.NameParam > 0 {
		s += " name param " + strconv.Itoa(f.NameParam-1)
	}
	if f.ObjectParam > 0 {
		s += " object param " + strconv.Itoa(f.ObjectParam-1)
	}
	if len(f.Kinds) > 0 {
		s += " kinds " + strings.Join(f.Kinds, ",")
	}
	return s
}

// Removal returns the first finalizer removal (in source order) that fn
// reaches: one in its body, or one reached through the functions it calls,
// of this package, of others (facts), or behind an interface one of whose
// implementations removes. It returns nil when fn reaches none.
func (c *Code) Removal(fn *types.Func) *recognize.FinalizerRemoval {
	if c == nil || fn == nil {
		return nil
	}
	return c.removal[fn.Origin()]
}

// ReleasedArg returns the argument of call whose object's finalizer the
// called function removes (and writes back): a removal itself
// (controllerutil.RemoveFinalizer's object), or a call of a function of the
// package, or of another with the fact, that releases the finalizer of the
// object passed for one of its parameters. It returns nil otherwise.
func (c *Code) ReleasedArg(call *ast.CallExpr) ast.Expr {
	if c == nil || call == nil {
		return nil
	}
	if r, ok := recognize.AsFinalizerRemoval(c.Info, call); ok {
		return r.Object
	}
	fn := recognize.Callee(c.Info, call)
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if c.byObj[fn] != nil {
		if !c.releases[fn] {
			return nil
		}
		_, objParam := c.removalParams(fn)
		return argOr(call, objParam, nil)
	}
	if fact := c.elsewhereFact(call, fn); fact != nil {
		return argOr(call, fact.ObjectParam-1, nil)
	}
	return nil
}

// ReachesRemoval reports whether n, a node of the package, calls a
// finalizer removal or a function that reaches one.
func (c *Code) ReachesRemoval(n ast.Node) bool {
	return c != nil && n != nil && c.reaching[n]
}

// RemovalIndex returns the index of the first node of b that reaches a
// finalizer removal, or len(b.Nodes) when none does.
func (c *Code) RemovalIndex(b *cfg.Block) int {
	if c == nil || b == nil {
		return 0
	}
	for i, n := range b.Nodes {
		if c.reaching[n] {
			return i
		}
	}
	return len(b.Nodes)
}

// reachingNodes finds the calls (and assignments) of the package that reach
// a finalizer removal: a removal itself, or a call of a function of the package that
// reaches one, or of one that releases the finalizer of an object passed in
// elsewhere; it returns them with the nodes that enclose them.
func (c *Code) reachingNodes() map[ast.Node]bool {
	out := make(map[ast.Node]bool)
	for cur := range c.Inspector.Root().Preorder((*ast.CallExpr)(nil), (*ast.AssignStmt)(nil)) {
		r, ok := recognize.AsFinalizerEdit(c.Info, cur.Node())
		released := r.Object
		if !ok {
			call, isCall := cur.Node().(*ast.CallExpr)
			if !isCall {
				continue
			}
			fn := recognize.Callee(c.Info, call)
			if fn == nil || c.removal[fn.Origin()] == nil && c.elsewhereFact(call, fn) == nil {
				continue
			}
			released = c.ReleasedArg(call)
		}
		if f, _ := c.Around(cur.Node()); f != nil && c.others[f.Obj][RootVar(c.Info, released)] {
			// The release of a dependency's finalizer (a hold of this
			// object's on it), not of the object's own.
			continue
		} else if call, isCall := cur.Node().(*ast.CallExpr); !ok && isCall && f != nil && c.releasesOtherKind(f, call, recognize.Callee(c.Info, call)) {
			continue // the release of other kinds' finalizers
		}
		for ; cur.Node() != nil && !out[cur.Node()]; cur = cur.Parent() {
			out[cur.Node()] = true
		}
	}
	return out
}

// findRemovals finds the removal each function reaches, to a fixed point
// over the package's call graph.
func (c *Code) findRemovals(pass *analysis.Pass) {
	c.removal = make(map[*types.Func]*recognize.FinalizerRemoval)
	c.releases = make(map[*types.Func]bool)
	c.others = make(map[*types.Func]map[types.Object]bool)
	type callSite struct {
		call *ast.CallExpr
		fn   *types.Func
		// passes reports that the call hands on one of the caller's
		// parameters (or its receiver), as argument or receiver.
		passes bool
	}
	calls := make(map[*types.Func][]callSite)
	paramsOf := make(map[*types.Func]map[types.Object]bool)
	getters := c.getters(pass)
	for _, f := range c.funcs {
		params := paramVars(c.Info, f.Decl)
		paramsOf[f.Obj] = params
		c.others[f.Obj] = othersVars(c.Info, f, getters)
		c.ownRemovals(f, params, c.others[f.Obj])
		for cur := range f.body.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			if fn := recognize.Callee(c.Info, call); fn != nil && !c.releasesElement(call) {
				calls[f.Obj] = append(calls[f.Obj], callSite{call, fn.Origin(), passesParam(c.Info, call, params)})
			}
		}
	}
	// handsOther reports that the call hands, as the object whose
	// finalizer the callee releases (its parameter objParam), one of the
	// caller's other objects: the callee then releases a dependency's
	// finalizer (a hold of the caller's on it), not the caller's object's.
	handsOther := func(f *Func, call *ast.CallExpr, objParam int) bool {
		arg := argOr(call, objParam, nil)
		return arg != nil && c.others[f.Obj][RootVar(c.Info, arg)]
	}
	// Calls of this package's functions first: their removal is known
	// precisely.
	local := func(f *Func) bool {
		changed := false
		for _, cs := range calls[f.Obj] {
			if c.byObj[cs.fn] == nil {
				continue
			}
			if _, objParam := c.removalParams(cs.fn); handsOther(f, cs.call, objParam) || c.releasesOtherKind(f, cs.call, cs.fn) {
				continue
			}
			if c.removal[f.Obj] == nil && c.removal[cs.fn] != nil {
				r := *c.removal[cs.fn]
				nameParam, objParam := c.removalParams(cs.fn)
				r.Name = argOr(cs.call, nameParam, r.Name) // the finalizer this call names
				r.Object = argOr(cs.call, objParam, r.Object)
				c.removal[f.Obj], changed = &r, true
			}
			_, objParam := c.removalParams(cs.fn)
			if !c.releases[f.Obj] && c.releases[cs.fn] && c.handsOn(cs.call, objParam, cs.passes, paramsOf[f.Obj]) {
				c.releases[f.Obj], changed = true, true
			}
		}
		return changed
	}
	// Then calls that release an object passed in elsewhere: a function of
	// another package with the fact, or an interface method one of whose
	// implementations does. The call stands for the removal.
	elsewhere := func(f *Func) bool {
		changed := false
		for _, cs := range calls[f.Obj] {
			fact := c.elsewhereFact(cs.call, cs.fn)
			if c.byObj[cs.fn] != nil || fact == nil && !c.localImplementationReleases(cs.fn) {
				continue
			}
			if fact != nil && handsOther(f, cs.call, fact.ObjectParam-1) || c.releasesOtherKind(f, cs.call, cs.fn) {
				continue
			}
			if c.removal[f.Obj] == nil {
				r := &recognize.FinalizerRemoval{Call: cs.call}
				if fact != nil {
					r.Guarded = fact.Guarded
					r.Name = argOr(cs.call, fact.NameParam-1, nil)
					r.Object = argOr(cs.call, fact.ObjectParam-1, nil)
				}
				c.removal[f.Obj], changed = r, true
			}
			objParam := -1
			if fact != nil {
				objParam = fact.ObjectParam - 1
			}
			if !c.releases[f.Obj] && c.handsOn(cs.call, objParam, cs.passes, paramsOf[f.Obj]) {
				c.releases[f.Obj], changed = true, true
			}
		}
		return changed
	}
	fixpoint.Solve(c.funcs, local, elsewhere)
}

// ownRemovals records the first finalizer removal f makes itself (not of
// a listed object, nor of one of others), and whether f releases the
// finalizer of one of its parameters.
func (c *Code) ownRemovals(f *Func, params, others map[types.Object]bool) {
	for cur := range f.body.Preorder((*ast.CallExpr)(nil), (*ast.AssignStmt)(nil)) {
		r, ok := recognize.AsFinalizerEdit(c.Info, cur.Node())
		if !ok || c.values.IsElement(r.Object) || others[RootVar(c.Info, r.Object)] {
			continue
		}
		if c.removal[f.Obj] == nil {
			if _, b := c.Enclosing(cur); b != nil && int(b.Index) < len(f.deleting) && f.deleting[b.Index] {
				r.Guarded = true // behind f's own deletion test
			}
			c.removal[f.Obj] = &r
		}
		if r.Object != nil && params[c.objectVar(r.Object)] {
			c.releases[f.Obj] = true
		}
	}
}

// othersVars returns the local variables of f that hold another object
// than the one f deletes for: an object f deletes with a client Delete, or
// one it reads with a Get keyed by another object (a Secret whose name the
// owner's spec or annotations give), directly or through one of the
// package's getters (getClaim(ctx, c, owner.Name+"-claim")). A finalizer f
// releases on one of them, or that a helper f hands one of them to
// releases, is that dependency's, released so that the dependency's own
// deletion completes or the owner lets go of it, not the finalizer of the
// object whose deletion f carries out.
func othersVars(info *types.Info, f *Func, getters func(*types.Func) bool) map[types.Object]bool {
	vars := make(map[types.Object]bool)
	body := f.Decl.Body
	// The reconciled object (read by the request's key) is never another
	// object, even where the function deletes it (a reconciler that
	// deletes its own object when its version is stale).
	self := make(map[types.Object]bool)
	for cur := range f.body.Preorder((*ast.CallExpr)(nil)) {
		if l, ok := recognize.AsLookup(info, cur.Node().(*ast.CallExpr)); ok && l.Object != nil && l.Key != nil && recognize.IsRequestKey(info, l.Key) {
			self[RootVar(info, l.Object)] = true
		}
	}
	local := func(v types.Object) bool {
		return v != nil && !self[v] && v.Pos() >= body.Pos() && v.Pos() < body.End()
	}
	for cur := range f.body.Preorder((*ast.CallExpr)(nil)) {
		if v := otherObject(info, cur.Node().(*ast.CallExpr)); local(v) {
			vars[v] = true
		}
	}
	for cur := range f.body.Preorder((*ast.AssignStmt)(nil)) {
		if v := gotOther(info, cur.Node().(*ast.AssignStmt), getters); local(v) {
			vars[v] = true
		}
	}
	// A function literal handed the object's edit (patch(ctx, c, role,
	// func(obj *rbacv1.Role) { controllerutil.RemoveFinalizer(obj, f) })):
	// its object parameters are that object.
	for cur := range f.body.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return vars[RootVar(info, a)] }) {
			for _, v := range objectParams(info, call) {
				vars[v] = true
			}
		}
	}
	return vars
}

// otherObject returns the variable at the root of the object that call
// deletes (a client Delete), or reads with a Get keyed by another object;
// else nil.
func otherObject(info *types.Info, call *ast.CallExpr) types.Object {
	if cc, ok := recognize.AsClientCall(info, call); ok && cc.Method == "Delete" && !cc.Status && cc.Object != nil {
		return RootVar(info, cc.Object)
	}
	l, ok := recognize.AsLookup(info, call)
	if !ok || l.Object == nil || l.Key == nil || recognize.IsRequestKey(info, l.Key) {
		return nil
	}
	if v := RootVar(info, l.Object); keyedByOther(info, l.Key, v) {
		return v
	}
	return nil
}

// gotOther returns the variable at the root of what as assigns from a
// call of one of getters given the fields of an object of another type
// (and no request key; getWidget(ctx, c, w.Namespace, w.Name) re-reads w),
// or nil.
func gotOther(info *types.Info, as *ast.AssignStmt, getters func(*types.Func) bool) types.Object {
	if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if fn := recognize.Callee(info, call); fn == nil || !getters(fn.Origin()) {
		return nil
	}
	v := RootVar(info, as.Lhs[0])
	if v == nil || slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return recognize.IsRequestKey(info, a) }) {
		return nil
	}
	got := info.TypeOf(as.Lhs[0])
	if got == nil {
		return nil
	}
	if slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return readsOtherType(info, a, got) }) {
		return v
	}
	return nil
}

// readsOtherType reports whether e reads the fields of a Kubernetes
// object whose type is not t's (owner.Name, owner.Spec.ClaimName).
func readsOtherType(info *types.Info, e ast.Expr, t types.Type) bool {
	return readsObject(info, e, func(x ast.Expr, xt types.Type) bool {
		return !types.Identical(recognize.Unpointer(xt), recognize.Unpointer(t))
	})
}

// readsObject reports whether e reads (as an identifier or a selector) a
// Kubernetes object for which other, given the expression and its type,
// is true.
func readsObject(info *types.Info, e ast.Expr, other func(ast.Expr, types.Type) bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		x, ok := n.(ast.Expr)
		if !ok || found {
			return !found
		}
		switch x.(type) {
		case *ast.Ident, *ast.SelectorExpr: // owner, r.owner, owner.Spec
		default:
			return true
		}
		if xt := info.TypeOf(x); xt != nil && HasFinalizers(xt) && other(x, xt) {
			found = true
		}
		return !found
	})
	return found
}

// objectParams returns the parameters of object type of the function
// literals call is given.
func objectParams(info *types.Info, call *ast.CallExpr) []types.Object {
	var out []types.Object
	for _, a := range call.Args {
		lit, ok := ast.Unparen(a).(*ast.FuncLit)
		if !ok || lit.Type.Params == nil {
			continue
		}
		for _, field := range lit.Type.Params.List {
			for _, name := range field.Names {
				if v := info.Defs[name]; v != nil && HasFinalizers(v.Type()) {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// getterFact is the fact of a function that returns an object it reads
// with a Get (see getters): a helper of another package such as
// SecretByRef(ctx, c, ref) (*corev1.Secret, error).
type getterFact struct{}

// AFact implements analysis.Fact.
func (*getterFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (*getterFact) String() string { return "getter" }

// getters returns the functions that return an object they read with a
// Get (getClaim(ctx, c, name, namespace) (*Claim, error)): the package's
// own, whose every return gives, for some result of an object type, nil or
// a local variable a lookup of the function fills, and one gives that
// variable; and other packages' with the getterFact, which it exports for
// the package's own.
func (c *Code) getters(pass *analysis.Pass) func(*types.Func) bool {
	local := c.localGetters()
	for fn := range local {
		if recognize.Exportable(fn) {
			pass.ExportObjectFact(fn, new(getterFact))
		}
	}
	return func(fn *types.Func) bool {
		if local[fn] {
			return true
		}
		return fn.Pkg() != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, new(getterFact))
	}
}

// localGetters returns the package's getters (see getters).
func (c *Code) localGetters() map[*types.Func]bool {
	out := make(map[*types.Func]bool)
	for _, f := range c.funcs {
		results := f.Obj.Signature().Results()
		read := make(map[types.Object]bool)
		for cur := range f.body.Preorder((*ast.CallExpr)(nil)) {
			if l, ok := recognize.AsLookup(c.Info, cur.Node().(*ast.CallExpr)); ok && l.Object != nil {
				if v := RootVar(c.Info, l.Object); v != nil {
					read[v] = true
				}
			}
		}
		if len(read) == 0 {
			continue
		}
		for i := range results.Len() {
			if !HasFinalizers(results.At(i).Type()) {
				continue
			}
			some, all := false, true
			for cur := range f.body.Preorder((*ast.ReturnStmt)(nil)) {
				r := cur.Node().(*ast.ReturnStmt)
				if len(r.Results) != results.Len() {
					all = false // a bare return, or a call's results
					break
				}
				switch e := r.Results[i]; {
				case recognize.IsNil(c.Info, e):
				case read[RootVar(c.Info, recognize.StripAddr(e))]:
					some = true
				default:
					all = false
				}
			}
			if some && all {
				out[f.Obj] = true
				break
			}
		}
	}
	return out
}

// keyedByOther reports whether the key of a Get into v reads the fields of
// a Kubernetes object other than v (owner.Namespace, owner.Spec.SecretName,
// client.ObjectKeyFromObject(owner)).
func keyedByOther(info *types.Info, key ast.Expr, v types.Object) bool {
	return readsObject(info, key, func(x ast.Expr, _ types.Type) bool {
		o := RootVar(info, x)
		return o != nil && o != v
	})
}

// IsElement reports whether e is an element of a collection (see
// values.Index.IsElement): an object found in a list rather than the
// reconciled one.
func (c *Code) IsElement(e ast.Expr) bool {
	return c != nil && c.values != nil && e != nil && c.values.IsElement(e)
}

// releasesElement reports whether call hands a function the element of a
// collection as its only object argument: a helper that releases the
// finalizer of what it is given then releases a listed object's.
func (c *Code) releasesElement(call *ast.CallExpr) bool {
	elements, others := 0, 0
	for _, a := range call.Args {
		if !HasFinalizers(c.Info.TypeOf(a)) {
			continue
		}
		if c.values.IsElement(a) {
			elements++
		} else {
			others++
		}
	}
	return elements > 0 && others == 0
}

// HasFinalizers reports whether values of type t are objects with
// finalizers (they have GetFinalizers).
func HasFinalizers(t types.Type) bool {
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetFinalizers")
	_, ok := obj.(*types.Func)
	return ok
}

// paramVars returns the parameters and receiver of fd.
func paramVars(info *types.Info, fd *ast.FuncDecl) map[types.Object]bool {
	out := make(map[types.Object]bool)
	for _, fl := range []*ast.FieldList{fd.Recv, fd.Type.Params} {
		if fl == nil {
			continue
		}
		for _, field := range fl.List {
			for _, id := range field.Names {
				if obj := info.Defs[id]; obj != nil {
					out[obj] = true
				}
			}
		}
	}
	return out
}

// handsOn reports whether call hands one of the caller's params to the
// callee's parameter objParam, whose object the callee releases: a
// function that calls a helper releasing a Secret it found itself, while
// passing its own parameters for other purposes, releases nothing of its
// caller's. When objParam is not known (-1), any parameter passed counts
// (passes).
func (c *Code) handsOn(call *ast.CallExpr, objParam int, passes bool, params map[types.Object]bool) bool {
	if a := argOr(call, objParam, nil); a != nil {
		return params[c.objectVar(a)]
	}
	return passes
}

// objectVar returns the variable that holds the object e stands for, seen
// through views of it (values.Index.Viewed: the accessor of a parameter is
// the parameter), or nil.
func (c *Code) objectVar(e ast.Expr) types.Object {
	if v := c.values.Viewed(e); v != nil {
		return v
	}
	return RootVar(c.Info, e)
}

// passesParam reports whether call hands on one of params: as an
// argument, or as the receiver of a method.
func passesParam(info *types.Info, call *ast.CallExpr, params map[types.Object]bool) bool {
	args := call.Args
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		args = append(slices.Clip(args), sel.X)
	}
	for _, a := range args {
		if params[RootVar(info, a)] {
			return true
		}
	}
	return false
}

// removersElsewhere returns the functions and interface methods that the
// package's calls call (as recognize.Callee gives them) that are of
// another package and have the removesFinalizerFact, or are interface
// methods (of any package) that a method of another package with the fact
// implements, with what is known of their removal.
func removersElsewhere(pass *analysis.Pass, ins *inspector.Inspector) map[*types.Func]*removesFinalizerFact {
	out := make(map[*types.Func]*removesFinalizerFact)
	seen := make(map[*types.Func]bool)
	var imported *callees.Methods // built on first use: most packages call no interface method
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		fn := recognize.Callee(pass.TypesInfo, cur.Node().(*ast.CallExpr))
		if fn == nil || fn.Pkg() == nil || seen[fn] {
			continue
		}
		seen[fn] = true
		if !recognize.IsInterfaceMethod(fn) {
			if fact := new(removesFinalizerFact); fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn.Origin(), fact) {
				out[fn] = fact
			}
			continue
		}
		if imported == nil {
			imported = callees.Imported(pass, func(f analysis.Fact) bool { _, ok := f.(*removesFinalizerFact); return ok })
		}
		if impls := imported.Implementing(fn); len(impls) > 0 {
			// Which implementation runs is not known: what any of them
			// may release.
			out[fn] = &removesFinalizerFact{Kinds: implementedKinds(pass, impls)}
		}
	}
	return out
}

// implementedKinds returns the union of the kinds the methods impls, of
// other packages with the removesFinalizerFact, release, or nil when one
// of them releases an object of a kind not known.
func implementedKinds(pass *analysis.Pass, impls []*types.Func) []string {
	var kinds []string
	for _, m := range impls {
		var f removesFinalizerFact
		if !pass.ImportObjectFact(m, &f) || len(f.Kinds) == 0 {
			return nil
		}
		kinds = append(kinds, f.Kinds...)
	}
	slices.Sort(kinds)
	return slices.Compact(kinds)
}

// localImplementationReleases reports whether fn is an interface method one
// of whose implementations in this package releases the finalizer of an
// object passed in.
func (c *Code) localImplementationReleases(fn *types.Func) bool {
	return slices.ContainsFunc(c.Implementations(fn), func(m *types.Func) bool { return c.releases[m] })
}

// exportRemovals gives each function and method of the package that
// releases the finalizer of an object passed in the removesFinalizerFact.
// One that removes the finalizers of objects of its own (a copy it
// returns, a template) has none.
func (c *Code) exportRemovals(pass *analysis.Pass) {
	for _, f := range c.funcs {
		if c.releases[f.Obj] && recognize.Exportable(f.Obj) {
			nameParam, objParam := c.removalParams(f.Obj)
			fact := &removesFinalizerFact{NameParam: nameParam + 1, ObjectParam: objParam + 1, Kinds: c.removedKinds[f.Obj]}
			if r := c.removal[f.Obj]; r != nil {
				fact.Guarded = r.Guarded
			}
			pass.ExportObjectFact(f.Obj, fact)
		}
	}
}

// removalParams returns the indexes of the parameters of fn, a function
// of the package, that name the finalizer its removal removes and hold the
// object it is removed from (obj or &obj), -1 for one that no parameter
// gives.
func (c *Code) removalParams(fn *types.Func) (name, object int) {
	r, f := c.removal[fn], c.byObj[fn]
	if r == nil || f == nil {
		return -1, -1
	}
	params := recognize.ParamIndexes(c.Info, f.Decl.Type)
	index := func(e ast.Expr) int {
		if id, ok := ast.Unparen(recognize.StripAddr(e)).(*ast.Ident); ok && e != nil {
			if i, ok := params[c.Info.Uses[id]]; ok {
				return i
			}
		}
		return -1
	}
	object = index(r.Object)
	if v := c.values.Viewed(r.Object); object < 0 && v != nil {
		if i, ok := params[v]; ok {
			object = i // accessor.SetFinalizers(...) of meta.Accessor(obj)
		}
	}
	return index(r.Name), object
}

// argOr returns the argument call passes for parameter i, or e when i is
// not one the call passes by itself.
func argOr(call *ast.CallExpr, i int, e ast.Expr) ast.Expr {
	if i < 0 || i >= len(call.Args) || call.Ellipsis.IsValid() {
		return e
	}
	return call.Args[i]
}

// releasesOtherKind reports whether call, in f, calls fn, a function that
// removes finalizers, only of objects of kinds that f does not delete for:
// a garbage collector behind an interface that releases the finalizers of
// the trackers it holds, called where f deletes an Application, does not
// release the Application's. It is false when either side's kinds are not
// all known.
func (c *Code) releasesOtherKind(f *Func, call *ast.CallExpr, fn *types.Func) bool {
	own := c.deletedKinds(f)
	if len(own) == 0 {
		return false
	}
	kinds, known := c.calledKinds(call, fn)
	return known && !slices.ContainsFunc(kinds, func(k string) bool { return own[k] })
}

// calledKinds returns the kinds whose finalizers a call of fn removes: a
// function of the package's (removedKinds), another package's or an
// interface method's by its fact, and for an interface method also those
// of the package's implementations; known is false when some are not
// known.
func (c *Code) calledKinds(call *ast.CallExpr, fn *types.Func) (kinds []string, known bool) {
	fn = fn.Origin()
	if c.byObj[fn] != nil {
		return c.removedKinds[fn], len(c.removedKinds[fn]) > 0
	}
	if fact := c.elsewhereFact(call, fn); fact != nil {
		if len(fact.Kinds) == 0 {
			return nil, false
		}
		kinds = append(kinds, fact.Kinds...)
	}
	for _, m := range c.Implementations(fn) {
		if !c.releases[m] && c.removal[m] == nil {
			continue
		}
		if len(c.removedKinds[m]) == 0 {
			return nil, false
		}
		kinds = append(kinds, c.removedKinds[m]...)
	}
	return kinds, len(kinds) > 0
}

// deletedKinds returns the kinds of the objects f deletes for: those whose
// deletion it tests (see SelfTest), else those of its object parameters;
// nil when one of them has no known kind.
func (c *Code) deletedKinds(f *Func) map[string]bool {
	if kinds, ok := c.deletesFor[f.Obj]; ok {
		return kinds
	}
	if c.deletesFor == nil {
		c.deletesFor = make(map[*types.Func]map[string]bool)
	}
	var objs []types.Type
	for _, b := range f.CFG.Blocks {
		Atoms(c.Cond(b), func(cond ast.Expr) {
			if t, ok := f.SelfTest(cond); ok && t.Object != nil {
				objs = append(objs, c.Info.TypeOf(t.Object))
			}
		})
	}
	if len(objs) == 0 {
		for v := range paramVars(c.Info, f.Decl) {
			if HasFinalizers(v.Type()) && !isReceiver(c.Info, f.Decl, v) {
				objs = append(objs, v.Type())
			}
		}
	}
	var kinds map[string]bool
	for _, t := range objs {
		k := objkind.Of(t)
		if k == "" {
			kinds = nil
			break
		}
		if kinds == nil {
			kinds = make(map[string]bool)
		}
		kinds[c.kinds.Key(k)] = true
	}
	c.deletesFor[f.Obj] = kinds
	return kinds
}
