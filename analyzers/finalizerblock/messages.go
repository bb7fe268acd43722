package finalizerblock

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/depnotfound"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// reportReturn reports r, a return taken when the lookup of o finds its
// object missing, in the words of the code: the kinds, how the dependency
// is found, the finalizer, and for an entry point the framework that calls
// it.
func (c *checker) reportReturn(f *deletionpath.Func, r ast.Stmt, o origin) {
	if c.reported[r] {
		return
	}
	c.reported[r] = true
	t := c.targets[f]
	object := c.objectName(f, t)
	fin := c.finalizerName(t.rem)
	if t.rem == nil && t.entry != nil && t.entry.Finalizer != "" {
		fin = "finalizer " + strconv.Quote(t.entry.Finalizer)
	}
	what := c.dependencyName(o)
	fx := c.fixFor(f, o)
	category, remedy := fx.category, fx.remedy
	helper := lint.RuntimeHelper(c.pass, " (finalizer.Runner does)")
	sep := ": "
	keeps := fmt.Sprintf("this return keeps %s from ever reaching the removal of %s while it is being deleted", object, fin)
	if as, ok := r.(*ast.AssignStmt); ok {
		// An append that keeps the finalizer in the list written back.
		write := c.writeBack(f, deletionpath.RootVar(c.info, as.Lhs[0]))
		keeps = fmt.Sprintf("this append keeps %s in the list that %s writes back: %s keeps it on every pass while it is being deleted", c.appendedName(f, as), describeEdit(write), object)
	} else if e := t.entry; e != nil {
		// The framework removes the finalizer once the entry point
		// succeeds: say who calls it, and no runtime helper.
		caller := e.Caller
		if caller == "" {
			caller = "the framework"
		}
		keeps = fmt.Sprintf("this return keeps %s from ever reaching the removal of %s: %s calls %s.%s only while %s is being deleted, and keeps the finalizer while it fails", object, fin, caller, e.Interface(), e.Method, object)
		helper, sep = "", "; "
	}
	retry, drop := fx.retry, fx.drop
	if fx.add != nil {
		helper = "" // the code's own protection, not the runtime's
	}
	var msg string
	switch {
	case o.category == categoryAlreadyGone:
		msg = c.alreadyGoneMessage(f, o, object, fin, keeps, lint.RuntimeHelper(c.pass, " (cascade.DeleteAndWait does)"))
	case o.retried:
		msg = fmt.Sprintf("when %s is already deleted, its lookup fails with not-found on every retry, and this return, which runs only while %s is being deleted, hands that error back: it never reaches the removal of %s: %s%s", what, object, fin, retry, helper)
		if t.entry != nil {
			msg = fmt.Sprintf("when %s is already deleted, its lookup fails with not-found on every retry, and this return hands that error back: %s; %s", what, keeps, retry)
		}
	case o.drops:
		msg = fmt.Sprintf("when %s is already deleted, its lookup fails with not-found and this return drops the error without requeueing: %s is reconciled again only when another event comes, its lookup fails again, and it never reaches the removal of %s while it is being deleted: %s%s", what, object, fin, drop, helper)
	case o.ready != nil:
		msg = fmt.Sprintf("while %s is not ready (%s), %s%s%s", what, shorten(types.ExprString(o.ready), 80), keeps, sep, remedy)
	case o.category == categoryNilOwner:
		if t.entry == nil {
			helper = lint.RuntimeHelper(c.pass, " (or use ownership.GetOwner and finalizer.Runner)")
		}
		msg = fmt.Sprintf("when %s is already deleted (or was never set), %s%s%s%s", what, keeps, sep, remedy, helper)
	default:
		msg = fmt.Sprintf("when %s is already deleted, %s%s%s%s", what, keeps, sep, remedy, helper)
	}
	if fx.other != nil {
		msg += "; " + othersRemedy(fx.kind, fx.other, fx.otherAdd, fx.otherRemove, fx.via)
	}
	var opts []lint.Option
	if del := c.deletedEmpty(r, o); del != nil {
		// The lookup tolerates not-found, but what follows deletes the
		// object it did not find.
		name := c.lookedUpVar(o).Name()
		category = o.category
		write, verb, short := c.describeWrite(del, name)
		msg = fmt.Sprintf("when %s is already deleted, its lookup leaves %s without a name, and %s fails on every retry (the API server refuses to %s an object without a name): %s%sskip %s when the lookup finds nothing", what, name, write, verb, keeps, sep, short)
		opts = append(opts, lint.Related(del, "the write that fails"))
	}
	switch {
	case o.status:
		// The lookup is in the helper whose status the caller tests:
		// name both, the lookup is where the fix goes.
		opts = append(opts, lint.Related(o.call, "the status of "+describeCall(o.call)+", which asks to stop"))
		if o.lookup.Call != nil {
			opts = append(opts, lint.Related(o.lookup.Call, "the lookup, whose not-found makes it ask"))
		}
	case o.category == categoryAlreadyGone:
		for _, t := range o.through {
			opts = append(opts, lint.Related(t, "which calls "+describeCall(t)))
		}
		if len(o.through) > 0 {
			opts = append([]lint.Option{lint.Related(o.call, "the call that deletes it")}, opts...)
		} else {
			opts = append(opts, lint.Related(o.call, "the Delete"))
		}
	case o.call != nil:
		opts = append(opts, lint.Related(o.call, "the lookup"))
		if o.lookup.Call == nil {
			// Found through the package's helpers: name their lines,
			// down to the read or the error, where the fix goes.
			for _, t := range c.trace(o) {
				opts = append(opts, lint.Related(t, "which calls "+describeCall(t)))
			}
		}
	}
	if fx.add != nil {
		_, name := objkind.Split(fx.kind)
		opts = append(opts, lint.Related(fx.add, "where the "+name+" gets this controller's finalizer"), lint.Related(fx.remove, "where it loses it"))
	}
	if fx.other != nil {
		_, name := objkind.Split(fx.kind)
		opts = append(opts, lint.Related(fx.otherAdd, "where the "+name+" gets "+recvName(fx.other)+"'s finalizer"), lint.Related(fx.otherRemove, "where it loses it"))
	}
	if t.rem != nil && t.rem.Node() != nil {
		opts = append(opts, lint.Related(t.rem.Node(), "the finalizer removal"))
	}
	lint.Report(c.pass, r, category, msg, opts...)
}

// A fix is what a finding of a return on a missing object says to do: its
// category, and the remedy in the forms the message takes (for a return,
// for a retried error, for a dropped one).
type fix struct {
	category, remedy, retry, drop string
	// kind is the kind of the missing object, when known; add and remove
	// are the calls by which the controller protects objects of that kind
	// with its own finalizer (see protection), or nil.
	kind        string
	add, remove *ast.CallExpr
	// other is, when add is nil, another controller's function that
	// protects the object read the same way (see othersProtection), with
	// its calls otherAdd and otherRemove and the helper via they share.
	other                      *types.Func
	otherAdd, otherRemove, via *ast.CallExpr
}

// fixFor returns the fix for a return of f taken when the lookup of o
// finds its object missing.
func (c *checker) fixFor(f *deletionpath.Func, o origin) fix {
	fx := fix{
		category: o.category,
		remedy:   "treat not-found as gone while deleting",
		retry:    "treat not-found as gone while deleting (client.IgnoreNotFound), and return other errors",
		drop:     "treat not-found as gone while deleting, and return other errors",
	}
	if o.category == categoryAlreadyGone {
		// Nothing to keep: the object is what the deletion removes.
		fx.remedy = "treat not-found as gone (client.IgnoreNotFound)"
		fx.retry = "treat not-found as gone (client.IgnoreNotFound) and return other errors"
		fx.drop = "treat not-found as gone and return other errors"
		return fx
	}
	held := "" // a kind that holds data, the missing object's or one of those it may be
	if o.category != categoryNilOwner {
		fx.kind = c.dependencyKind(o)
		held = c.heldKind(o, fx.kind)
	}
	fx.add, fx.remove = c.protection(f, fx.kind)
	switch {
	case fx.add != nil:
		fx.category = categoryProtected
		fx.remedy = protectedRemedy(fx.kind, fx.add, fx.remove)
		fx.retry, fx.drop = fx.remedy, fx.remedy
	case held != "":
		// A Secret or ConfigMap: the cleanup may need what it holds.
		if isSecret(held) {
			fx.category = categorySecret
		}
		fx.remedy = objkind.KeepRemedy(held, "treat not-found as gone while deleting")
		fx.retry = objkind.KeepRemedy(held, "treat not-found as gone while deleting (client.IgnoreNotFound) and return other errors")
		fx.drop = objkind.KeepRemedy(held, "treat not-found as gone while deleting and return other errors")
	case o.ready != nil:
		_, name := objkind.Split(fx.kind)
		if name == "" {
			name = "dependency"
		}
		fx.remedy = lint.WithArticle(name) + " that never becomes ready (its provisioning failed, or it is being deleted) holds the deletion forever: test deletion before waiting for it"
	case o.category == categoryNilOwner:
		fx.remedy = "treat a nil owner as gone while deleting"
	case o.category == categoryDependency && o.why != "" && o.why != depnotfound.ReferencedRead:
		fx.remedy = fmt.Sprintf("treat a dependency-not-found error (%s) as gone while deleting", o.why)
	case o.category == categoryDependency && o.lookup.Call != nil && o.why == "":
		// deletion.IsDependencyNotFound, ownership.GetOwner: the
		// runtime's own words.
		fx.remedy = "treat a dependency-not-found error as gone while deleting"
	}
	if fx.add == nil {
		fx.other, fx.otherAdd, fx.otherRemove, fx.via = c.othersProtection(f, o, fx.kind)
	}
	return fx
}

// protectedRemedy is the fix for a deletion stuck on a missing dependency
// of kind that the controller protects with a finalizer of its own, added
// by add and removed by remove: the dependency can be gone only if it was
// deleted before it got that finalizer.
func protectedRemedy(kind string, add, remove *ast.CallExpr) string {
	_, name := objkind.Split(kind)
	return fmt.Sprintf("the %s carries a finalizer of this controller's from %s on, which %s removes, so it is missing here only if it was deleted before that (or the reference changed since): add that finalizer before the first use of the %s, and while deleting treat not-found as gone when it never got it", name, describeCall(add), describeCall(remove), name)
}

// dependencyKind returns the kind (see children.Kind) of the object whose
// absence o tests: by the lookup's type, or the kind the helpers it goes
// through read, in this package or another (depnotfound's ReadKind); ""
// when it is not known.
func (c *checker) dependencyKind(o origin) string {
	if c.readsSeveral(o) {
		return "" // the trace shows one of them
	}
	if t := c.lookedUp(o); t != nil {
		return objkind.Of(t)
	}
	if o.call != nil && (o.why == depnotfound.ReferencedRead || o.why == "") {
		return c.readKind(o)
	}
	return ""
}

// readKind returns the kind key of the referenced objects that o's call
// reads, of those whose absence leaves it o's way when o has one.
func (c *checker) readKind(o origin) string {
	if o.way != nil {
		return o.way.Kind
	}
	return c.deps.ReadKind(o.call)
}

// readKinds returns the kind keys of the referenced objects that o's call
// reads, one or a few (an identity and its Secret), of those whose absence
// leaves it o's way when o has one; nil when none is known.
func (c *checker) readKinds(o origin) []string {
	if o.way != nil {
		if o.way.Kind != "" {
			return []string{o.way.Kind}
		}
		return nil
	}
	return c.deps.ReadKinds(o.call)
}

// readsSeveral reports whether o's call reads referenced objects of more
// than one kind, any of which may be the one missing.
func (c *checker) readsSeveral(o origin) bool {
	return o.call != nil && (o.why == depnotfound.ReferencedRead || o.why == "") && len(c.readKinds(o)) > 1
}

// heldKind returns, of the missing object of o, of kind when known, the
// kind that holds data the deletion may need (objkind.HeldData): kind
// itself, or, when o's call reads a few kinds, the first among them that
// holds data, a Secret before a ConfigMap. "" when none does.
func (c *checker) heldKind(o origin, kind string) string {
	kinds := []string{kind}
	if c.readsSeveral(o) {
		kinds = c.readKinds(o)
	}
	return objkind.HeldAmong(kinds)
}

// isSecret reports whether kind is core/v1 Secret.
func isSecret(kind string) bool {
	path, name := objkind.Split(kind)
	return name == "Secret" && recognize.PathIs(path, recognize.PkgCoreV1)
}

// protection returns the calls by which the controller that runs f protects
// objects of kind with a finalizer of its own and releases them: f, or a
// function of the package that reaches f, adds a finalizer to objects of
// kind and removes one from them, itself or through its callees
// (deletionpath's Finalizes). A dependency so protected is gone while the
// deletion needs it only if it was deleted before it got the finalizer.
// Both are nil when no such function is found.
func (c *checker) protection(f *deletionpath.Func, kind string) (add, remove *ast.CallExpr) {
	if kind == "" {
		return nil, nil
	}
	seen := map[*types.Func]bool{f.Obj: true}
	queue := []*types.Func{f.Obj}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		if a, r := c.code.Finalizes(fn, kind); a != nil && r != nil {
			return c.code.FinalizerCall(a, kind, true), c.code.FinalizerCall(r, kind, false)
		}
		calls, _ := c.code.Calls(fn)
		for _, call := range calls {
			if g := call.Func.Obj; !seen[g] {
				seen[g] = true
				queue = append(queue, g)
			}
		}
	}
	return nil, nil
}

// objectName names the object whose finalizer f's deletion code removes:
// its kind, or, when the code holds it as an interface (client.Object,
// resource.Managed), the kind it is asserted to, or "the object".
func (c *checker) objectName(f *deletionpath.Func, t target) string {
	if t.rem != nil && t.rem.Object != nil {
		if k := kindName(c.info.TypeOf(t.rem.Object)); k != "" {
			return k
		}
	}
	if st := c.code.DeletedType(f); st != nil {
		if k := kindName(st); k != "" {
			return k
		}
	}
	if k := c.assertedKind(f); k != "" {
		return k
	}
	return t.entry.ObjectNoun()
}

// assertedKind returns the kind that f asserts an interface-typed object
// to (b := mg.(*v1.Bucket)), or "".
func (c *checker) assertedKind(f *deletionpath.Func) string {
	kind := ""
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if ta, ok := n.(*ast.TypeAssertExpr); ok && ta.Type != nil && kind == "" {
			if t := c.info.TypeOf(ta.Type); t != nil && !types.IsInterface(t) {
				kind = kindName(t)
			}
		}
		return kind == ""
	})
	return kind
}

// lookedUp returns the type of the object whose absence o tests: the
// lookup's, or for a helper of the package, that of the read its trace
// ends in (see depnotfound); nil when unknown, or when the read is into a
// value of interface or type-parameter type (get[T client.Object](..., obj
// T)), which names no kind: the kinds the calls pass are depnotfound's
// (readKinds).
func (c *checker) lookedUp(o origin) types.Type {
	t := c.lookedUpType(o)
	if t == nil || types.IsInterface(recognize.Unpointer(t)) {
		return nil
	}
	return t
}

func (c *checker) lookedUpType(o origin) types.Type {
	if o.lookup.Type != nil {
		return o.lookup.Type
	}
	if o.call == nil {
		return nil
	}
	if o.viaGet {
		l, _ := c.tracedGet(o.call)
		return l.Type
	}
	if tr := c.deps.TraceWay(o.call, o.way); len(tr) > 0 {
		if inner, ok := recognize.AsLookup(c.info, tr[len(tr)-1]); ok {
			return inner.Type
		}
	}
	return nil
}

// trace returns the calls of the package's helpers through which the
// error o tests comes from the read, for a finding's related positions.
func (c *checker) trace(o origin) []*ast.CallExpr {
	if o.viaGet {
		return c.deps.TraceGet(o.call)
	}
	return c.deps.TraceWay(o.call, o.way)
}

// dependencyName names what the lookup of o looks for, and how it is found.
func (c *checker) dependencyName(o origin) string {
	l := o.lookup
	kind := ""
	if l.Type != nil {
		kind = kindName(l.Type)
	}
	switch {
	case l.Call == nil && o.status:
		// A helper of another package, known by its fact.
		what := "object"
		if o.statusKind != "" {
			what = shortKind(o.statusKind)
		}
		return "a " + what + " that " + describeCall(o.call) + " looks up"
	case l.Call == nil && o.call != nil:
		if o.why == depnotfound.ReferencedRead || o.why == "" {
			// The kind the helpers read, when the trace shows it.
			what := "object"
			if t := c.lookedUp(o); t != nil && !c.readsSeveral(o) {
				if k := kindName(t); k != "" {
					what = k
				}
			} else if ks := c.readKinds(o); len(ks) > 0 {
				what = orKinds(ks)
			}
			if o.viaGet {
				return "the " + what + " that " + describeCall(o.call) + " reads"
			}
			return "a referenced " + what + " that " + describeCall(o.call) + " reads"
		}
		return "a dependency that " + describeCall(o.call) + " resolves"
	case l.Call == nil:
		return "the dependency"
	case o.category == categoryNilOwner || l.Kind == recognize.LookupOwnerErr:
		if kind == "" {
			return "the owner (" + describeCall(l.Call) + ")"
		}
		return "the owning " + kind + " (" + describeCall(l.Call) + ")"
	}
	if kind == "" {
		kind = "object"
	}
	if l.Key != nil {
		if name := c.keyName(l.Key); name != nil {
			return "the " + kind + " named by " + shorten(types.ExprString(name), 60)
		}
		return "the " + kind + " read with key " + shorten(types.ExprString(l.Key), 60)
	}
	return "the " + kind + " that " + describeCall(l.Call) + " reads"
}

// keyName returns the expression that gives a Get's key its name: the Name
// field of a key literal (client.ObjectKey{Namespace: ns, Name:
// obj.Spec.SecretName}), also through a variable that holds one, or nil.
func (c *checker) keyName(key ast.Expr) ast.Expr {
	key = ast.Unparen(key)
	if id, ok := key.(*ast.Ident); ok {
		vals := inspection.Of(c.pass).Values
		if v := vals.Var(id); v != nil {
			if x := vals.Sole(v); x != nil {
				key = ast.Unparen(x)
			}
		}
	}
	if u, ok := key.(*ast.UnaryExpr); ok {
		key = ast.Unparen(u.X)
	}
	if t := c.pass.TypesInfo.TypeOf(key); t != nil {
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return key // a typed clientset's or a lister's Get(name)
		}
	}
	if _, ok := key.(*ast.CompositeLit); !ok {
		return nil
	}
	return recognize.CompositeField(key, "Name")
}

// finalizerName names the finalizer a removal removes: by its value, or the
// expression that names it, or "its finalizer".
func (c *checker) finalizerName(r *recognize.FinalizerRemoval) string {
	if r == nil {
		return "its finalizer"
	}
	name := r.Name
	if name == nil && r.Call != nil {
		name = c.runnerName(r.Call)
	}
	if name == nil {
		return "its finalizer"
	}
	if v := c.constString(name); v != "" {
		return "finalizer " + strconv.Quote(v)
	}
	return "the finalizer named by " + types.ExprString(name)
}

// constString returns the constant string value of e, or of the variable
// e when it has one constant value, or "".
func (c *checker) constString(e ast.Expr) string {
	if tv, ok := c.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		vals := inspection.Of(c.pass).Values
		if v := vals.Var(id); v != nil {
			if x := vals.Sole(v); x != nil {
				if tv, ok := c.info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					return constant.StringVal(tv.Value)
				}
			}
		}
	}
	return ""
}

// kindName returns the name of the kind t is (pointer removed), or "" for
// an interface, a generic holder of any kind (unstructured.Unstructured,
// whose kind comes from data) or an object's metadata (metav1.ObjectMeta,
// a copy an accessor hands out).
func kindName(t types.Type) string {
	n := recognize.Named(recognize.Unpointer(t))
	if n == nil || types.IsInterface(n) {
		return ""
	}
	if recognize.KindSetAtRunTime(n) {
		return ""
	}
	if pkg := n.Obj().Pkg(); pkg != nil && recognize.PathIs(pkg.Path(), recognize.PkgMetaV1) {
		return "" // ObjectMeta: an object's metadata, of no kind of its own
	}
	return n.Obj().Name()
}

// describeWrite names the write of the object name that call makes, for
// messages ("the Delete of secret", "controllerutils.RemoveFinalizer of
// secret"), what the API server refuses to do, and the write in short.
func (c *checker) describeWrite(call *ast.CallExpr, name string) (write, verb, short string) {
	if cc, ok := recognize.AsClientCall(c.info, call); ok {
		return "the " + cc.Method + " of " + name, strings.ToLower(cc.Method), "the " + cc.Method
	}
	fn := describeCall(call)
	return fn + " of " + name, "update", fn
}

// describeCall names a call's function for messages.
func describeCall(call *ast.CallExpr) string {
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return "a function literal"
	}
	return shorten(types.ExprString(call.Fun), 60)
}

// describeEdit names a finalizer removal that writes a list back: the
// call's function, or the assignment's field.
func describeEdit(n ast.Node) string {
	if as, ok := n.(*ast.AssignStmt); ok {
		return "the assignment to " + shorten(types.ExprString(as.Lhs[0]), 60)
	}
	return describeCall(n.(*ast.CallExpr))
}

func shorten(s string, n int) string {
	if len(s) > n {
		return s[:n-3] + "..."
	}
	return s
}

// appendedName names the finalizer that the append as keeps: a constant,
// or the case of a switch (or the operand of an == test) around the append
// that compares the appended variable with a constant; else the appended
// expression.
func (c *checker) appendedName(f *deletionpath.Func, as *ast.AssignStmt) string {
	call := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return "its finalizers"
	}
	elem := call.Args[1]
	if v := c.constString(elem); v != "" {
		return "finalizer " + strconv.Quote(v)
	}
	v := deletionpath.RootVar(c.info, elem)
	path := pathTo(f.Decl, as)
	for i, n := range path {
		var candidates []ast.Expr
		switch n := n.(type) {
		case *ast.CaseClause:
			if i+2 < len(path) {
				if sw, ok := path[i+2].(*ast.SwitchStmt); ok && v != nil && deletionpath.RootVar(c.info, sw.Tag) == v && len(n.List) == 1 {
					candidates = n.List
				}
			}
		case *ast.IfStmt:
			if bin, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr); ok && bin.Op == token.EQL && v != nil && i > 0 && path[i-1] == n.Body {
				if deletionpath.RootVar(c.info, bin.X) == v {
					candidates = []ast.Expr{bin.Y}
				} else if deletionpath.RootVar(c.info, bin.Y) == v {
					candidates = []ast.Expr{bin.X}
				}
			}
		}
		for _, e := range candidates {
			if s := c.constString(e); s != "" {
				return "finalizer " + strconv.Quote(s)
			}
		}
	}
	return "the finalizer " + shorten(types.ExprString(elem), 40)
}

// pathTo returns the nodes from target up to root, innermost first, or
// nil when root does not hold target.
func pathTo(root, target ast.Node) []ast.Node {
	var stack, path []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if path != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if n.Pos() > target.Pos() || target.End() > n.End() {
			return false // no nil call follows: not pushed
		}
		stack = append(stack, n)
		if n == target {
			path = slices.Clone(stack)
			slices.Reverse(path)
		}
		return true
	})
	return path
}

// alreadyGoneMessage is the message of a return taken when the Delete of o
// fails with not-found (see alreadyGoneOrigin): a retry that fails for
// good, or a dropped error.
func (c *checker) alreadyGoneMessage(f *deletionpath.Func, o origin, object, fin, keeps, helper string) string {
	fx := c.fixFor(f, o)
	what := c.deletedName(o)
	why := "(deleted by hand, with its namespace, or by an earlier pass of this deletion that failed after it)"
	switch {
	case c.targets[f].entry != nil:
		return fmt.Sprintf("when %s is already gone %s, the Delete fails with not-found on every retry, and this return hands that error back: %s; %s", what, why, keeps, fx.retry)
	case o.retried:
		return fmt.Sprintf("when %s is already gone %s, the Delete fails with not-found on every retry, and this return, which runs only while %s is being deleted, hands that error back: it never reaches the removal of %s: %s%s", what, why, object, fin, fx.retry, helper)
	}
	return fmt.Sprintf("when %s is already gone %s, the Delete fails with not-found and this return drops the error without requeueing: %s is reconciled again only when another event comes, the Delete fails again, and it never reaches the removal of %s while it is being deleted: %s%s", what, why, object, fin, fx.drop, helper)
}

// deletedName names the object an alreadygone origin deletes: by the name
// it was made with, or by the helper that deletes it.
func (c *checker) deletedName(o origin) string {
	kind := "object"
	if o.lookup.Type != nil {
		if k := kindName(o.lookup.Type); k != "" {
			kind = k
		}
	}
	if ks := c.rangedKinds(o.lookup.Object); len(ks) > 0 {
		kind = strings.Join(ks, " or ")
	}
	if len(o.through) > 0 {
		// The helper's names are not the caller's: name the call.
		return "the " + kind + " that " + describeCall(o.call) + " deletes"
	}
	if name := c.madeName(o.lookup); name != nil {
		return "the " + kind + " named by " + shorten(types.ExprString(name), 60)
	}
	return "the " + kind + " it deletes"
}

// madeName returns the expression that names the object a Delete of an
// object made by name deletes: a typed Delete's name argument, or the Name
// field of the literal it was made from (&T{ObjectMeta: metav1.ObjectMeta{
// Name: n}}, also through a variable whose sole value it is); nil when
// neither shows it.
func (c *checker) madeName(l recognize.Lookup) ast.Expr {
	if tc, ok := recognize.AsTypedCall(c.info, l.Call); ok {
		return tc.Name
	}
	x := ast.Unparen(l.Object)
	if id, ok := x.(*ast.Ident); ok {
		if name := c.nameSet(l.Call, id); name != nil {
			return name
		}
		vals := inspection.Of(c.pass).Values
		if v := vals.Var(id); v != nil {
			x = ast.Unparen(vals.Sole(v))
		}
	}
	if u, ok := x.(*ast.UnaryExpr); ok {
		x = ast.Unparen(u.X)
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != "ObjectMeta" {
			continue
		}
		meta, ok := ast.Unparen(kv.Value).(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, me := range meta.Elts {
			if mkv, ok := me.(*ast.KeyValueExpr); ok {
				if id, ok := mkv.Key.(*ast.Ident); ok && id.Name == "Name" {
					return mkv.Value
				}
			}
		}
	}
	return nil
}

// rangedKinds returns the kinds of the objects a range variable x takes
// from a slice literal (for _, obj := range []client.Object{&corev1.Secret{
// ...}, ...}), each once, in order; nil when x is no such variable.
func (c *checker) rangedKinds(x ast.Expr) []string {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	vals := inspection.Of(c.pass).Values
	var kinds []string
	for _, a := range vals.Assignments(v) {
		rs, ok := a.Node.(*ast.RangeStmt)
		if !ok {
			return nil
		}
		lx := ast.Unparen(rs.X)
		if lid, ok := lx.(*ast.Ident); ok {
			if lv := vals.Var(lid); lv != nil {
				lx = ast.Unparen(vals.Sole(lv))
			}
		}
		lit, ok := lx.(*ast.CompositeLit)
		if !ok {
			return nil
		}
		for _, e := range lit.Elts {
			if k := kindName(c.info.TypeOf(e)); k != "" && !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
	}
	return kinds
}

// nameSet returns the last name given, before call, to the object that
// the variable id holds, in the function around call (obj.Name = n,
// obj.Name, obj.Namespace = n, ns, obj.ObjectMeta.Name = n,
// obj.SetName(n)); or nil.
func (c *checker) nameSet(call *ast.CallExpr, id *ast.Ident) ast.Expr {
	hf, _ := c.code.Around(call)
	v := c.info.Uses[id]
	if hf == nil || v == nil {
		return nil
	}
	isName := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Name" {
			return false
		}
		x := ast.Unparen(sel.X)
		if in, ok := x.(*ast.SelectorExpr); ok && in.Sel.Name == "ObjectMeta" {
			x = ast.Unparen(in.X)
		}
		xid, ok := x.(*ast.Ident)
		return ok && c.info.Uses[xid] == v
	}
	var name ast.Expr
	ast.Inspect(hf.Decl.Body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= call.Pos() {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, lhs := range n.Lhs {
					if isName(lhs) {
						name = n.Rhs[i]
					}
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetName" && len(n.Args) == 1 {
				if xid, ok := ast.Unparen(sel.X).(*ast.Ident); ok && c.info.Uses[xid] == v {
					name = n.Args[0]
				}
			}
		}
		return true
	})
	return name
}
