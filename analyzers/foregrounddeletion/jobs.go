package foregrounddeletion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/gvk"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// checkJobDeletes reports, anywhere in the package, a Delete (or
// DeleteAllOf, DeleteCollection) of batch/v1 Jobs that passes no
// propagation policy, through controller-runtime's client or client-go's
// typed client, and a client Delete of an unstructured object whose kind
// comes from data, which may be a Job. For a Job the API server's default
// policy is orphan: its Pods stay. A Delete given options deletionlint
// cannot read (opts..., an option built elsewhere) is left alone.
func (c *checker) checkJobDeletes() {
	for _, call := range c.calls() {
		if cc, ok := recognize.AsClientCall(c.info, call); ok && (cc.Method == "Delete" || cc.Method == "DeleteAllOf") && cc.Object != nil {
			c.checkClientJobDelete(call, cc)
		} else if c.isTypedJobDelete(call) {
			c.reportJobDelete(call, "Job", "set PropagationPolicy in its metav1.DeleteOptions to metav1.DeletePropagationBackground")
		}
	}
}

// calls returns the package's calls, in source order, from the shared
// inspector (once).
func (c *checker) calls() []*ast.CallExpr {
	if c.allCalls == nil {
		c.allCalls = []*ast.CallExpr{}
		inspection.Of(c.pass).Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
			c.allCalls = append(c.allCalls, n.(*ast.CallExpr))
		})
	}
	return c.allCalls
}

// batchJob is the children key of batch/v1 Jobs.
const batchJob = recognize.PkgAPI + "/batch/v1.Job"

func (c *checker) checkClientJobDelete(call *ast.CallExpr, cc recognize.ClientCall) {
	if !c.noPolicy(call.Args[2:], call.Ellipsis.IsValid()) {
		return
	}
	fix := "pass client.PropagationPolicy(metav1.DeletePropagationBackground)"
	t := c.info.TypeOf(cc.Object)
	switch {
	case recognize.IsNamedOrPointer(t, recognize.PkgBatchV1, "Job"):
		c.reportJobDelete(call, "Job", fix)
	case recognize.KindSetAtRunTime(t):
		if kinds := c.deletedKinds(call); len(kinds) > 0 {
			// The kinds the model gives it (constants, its callers'
			// arguments, a literal slice it ranges over).
			if slices.Contains(kinds, batchJob) {
				c.reportJobDelete(call, "Job", fix)
			}
			return
		}
		switch kind, known := c.unstructuredKind(cc.Object); {
		case known && kind == "Job":
			c.reportJobDelete(call, "Job", fix)
		case !known && c.decoded(cc.Object) && !recognize.InTestFile(c.pass.Fset, call.Pos()) && !c.testedNotJob(call, cc.Object) && !c.cleansPods(call):
			// A test's cleanup deletes the fixtures its own data names.
			lint.Report(c.pass, call, categoryOrphanedPods, "this Delete of an unstructured object passes no propagation policy and the object's kind comes from data: if it is a batch/v1 Job, "+
				"the API server's default for Jobs orphans their Pods (kubectl sends background, a client sends nothing), which keep running and are never cleaned up; "+fix)
		}
	}
}

// testedNotJob reports whether the Delete call runs only where a test of
// the unstructured object's kind (u.GetKind() == "RoleBinding", a case of
// switch u.GetKind()) named another kind than Job.
func (c *checker) testedNotJob(call *ast.CallExpr, obj ast.Expr) bool {
	v := deletionpath.RootVar(c.info, obj)
	if v == nil {
		return false
	}
	isKind := func(e ast.Expr) bool {
		k, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(k.Args) != 0 {
			return false
		}
		sel, ok := ast.Unparen(k.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "GetKind" && deletionpath.RootVar(c.info, sel.X) == v
	}
	notJob := func(e ast.Expr) bool {
		k, ok := c.constString(e)
		return ok && k != "Job"
	}
	file := recognize.FileOf(c.pass.Files, call.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	for i, n := range path {
		switch n := n.(type) {
		case *ast.IfStmt:
			if i == 0 || path[i-1] != n.Body {
				continue
			}
			found := false
			deletionpath.Atoms(n.Cond, func(a ast.Expr) {
				if b, ok := a.(*ast.BinaryExpr); ok && b.Op == token.EQL && (isKind(b.X) && notJob(b.Y) || isKind(b.Y) && notJob(b.X)) {
					found = true
				}
			})
			if found {
				return true
			}
		case *ast.CaseClause:
			if i+2 >= len(path) || len(n.List) == 0 {
				continue
			}
			if sw, ok := path[i+2].(*ast.SwitchStmt); ok && sw.Tag != nil && isKind(sw.Tag) && !slices.ContainsFunc(n.List, func(e ast.Expr) bool { return !notJob(e) }) {
				return true
			}
		}
	}
	return false
}

func (c *checker) reportJobDelete(call *ast.CallExpr, kind, fix string) {
	if c.cleansPods(call) {
		return
	}
	lint.Report(c.pass, call, categoryOrphanedPods, "this Delete of a "+kind+" passes no propagation policy: "+
		"the API server's default for Jobs orphans their Pods (kubectl sends background, a client sends nothing), which keep running and are never cleaned up; "+fix)
}

// noPolicy reports whether the options opts of a client Delete certainly
// set no propagation policy: each is an option deletionlint knows that is
// not one (client.GracePeriodSeconds, client.DryRunAll, client.Preconditions)
// or a client.DeleteOptions literal without the field. An option it cannot
// read (a variable, a call, opts...) may set one.
func (c *checker) noPolicy(opts []ast.Expr, spread bool) bool {
	if spread {
		return false
	}
	for _, o := range opts {
		if _, ok := recognize.IsPropagationPolicy(c.info, o); ok {
			return false
		}
		if lit := compositeOf(o); lit != nil {
			if recognize.IsNamedOrPointer(c.info.TypeOf(lit), recognize.PkgClient, "DeleteOptions") && recognize.CompositeField(lit, "PropagationPolicy") == nil {
				continue
			}
			return false
		}
		if !c.isOtherDeleteOption(o) {
			return false
		}
	}
	return true
}

// isOtherDeleteOption reports whether o is one of controller-runtime's
// delete (or DeleteAllOf selection) options that is not a propagation
// policy.
func (c *checker) isOtherDeleteOption(o ast.Expr) bool {
	o = ast.Unparen(o)
	if call, ok := o.(*ast.CallExpr); ok {
		if tv, ok := c.info.Types[call.Fun]; ok && tv.IsType() {
			o = call.Fun // a conversion: client.GracePeriodSeconds(0)
		}
	}
	var obj types.Object
	switch x := o.(type) {
	case *ast.SelectorExpr:
		obj = c.info.Uses[x.Sel]
	case *ast.Ident:
		obj = c.info.Uses[x]
	}
	if obj == nil || obj.Pkg() == nil || !recognize.PathIs(obj.Pkg().Path(), recognize.PkgClient) {
		return false
	}
	switch obj.Name() {
	case "GracePeriodSeconds", "DryRunAll", "Preconditions", "InNamespace", "MatchingLabels", "MatchingFields", "HasLabels", "MatchingLabelsSelector":
		return true
	}
	return false
}

// compositeOf returns the composite literal e is (&T{...} or T{...}), or
// nil.
func compositeOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// isTypedJobDelete reports whether call is a Delete or DeleteCollection of
// a typed client of batch/v1 Jobs (client-go's JobInterface, with or
// without the context argument, or another interface of that shape, such
// as a generated controller's) with metav1.DeleteOptions, by value or
// pointer, that certainly set no propagation policy.
func (c *checker) isTypedJobDelete(call *ast.CallExpr) bool {
	tc, ok := recognize.AsTypedCall(c.info, call)
	if !ok || tc.Lister || tc.Method != "Delete" && tc.Method != "DeleteCollection" || !recognize.IsNamedOrPointer(tc.Type, recognize.PkgBatchV1, "Job") || tc.Options == nil {
		return false
	}
	opts := tc.Options
	lit := compositeOf(opts)
	if lit == nil {
		if id, ok := ast.Unparen(opts).(*ast.Ident); ok {
			if v := c.vals.Var(id); v != nil {
				lit = compositeOf(c.vals.Sole(v))
			}
		}
	}
	return lit != nil && recognize.CompositeField(lit, "PropagationPolicy") == nil
}

// unstructuredKind returns the kind an object whose kind is set at run time
// (unstructured, metadata only) is given by constants (u.SetKind("Job"),
// u.SetGroupVersionKind(gvk), a literal's "kind"), following a range over a
// list, or an index into its items, to the list; known is false when no
// constant kind is set: it comes from data.
func (c *checker) unstructuredKind(obj ast.Expr) (string, bool) {
	e := ast.Unparen(obj)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ix.X // &list.Items[i]: the list's kind
	}
	v := deletionpath.RootVar(c.info, e)
	tv, _ := v.(*types.Var)
	if tv == nil {
		return "", false
	}
	vars := []*types.Var{tv}
	for _, a := range c.vals.Assignments(tv) {
		if rs, ok := a.Node.(*ast.RangeStmt); ok {
			// for _, u := range list.Items: the list's kind.
			if lv, ok := deletionpath.RootVar(c.info, rs.X).(*types.Var); ok {
				vars = append(vars, lv)
			}
		}
	}
	idx := c.unstructuredIndex()
	for _, x := range vars {
		if k, ok := idx.kind[x]; ok {
			return k, true // of a list, its items' kind
		}
	}
	return "", false
}

// decoded reports whether the unstructured object obj is built from data:
// a literal whose Object is not a literal map (a rendered template, a
// manifest read elsewhere), a value that an Unmarshal or Decode call
// fills, or an object the function is given (a manifest its caller
// applies), or a copy of one. An object read through a client or a getter
// (by a reference that names its kind) is not.
func (c *checker) decoded(obj ast.Expr) bool {
	v, _ := deletionpath.RootVar(c.info, obj).(*types.Var)
	if v == nil {
		return false
	}
	if isIdentOrAddr(obj) && c.fromParam(v, 0) {
		return true // given by the caller: a manifest it applies
	}
	for _, a := range c.vals.Assignments(v) {
		if lit := compositeOf(a.Single()); lit != nil {
			if x := recognize.CompositeField(lit, "Object"); x != nil && compositeOf(x) == nil {
				return true
			}
		}
		// existing := obj.DeepCopy(), obj a parameter.
		if call, ok := ast.Unparen(a.Single()).(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "DeepCopy" {
				if p, ok := deletionpath.RootVar(c.info, sel.X).(*types.Var); ok && isIdentOrAddr(sel.X) && c.fromParam(p, 0) {
					return true
				}
			}
		}
	}
	return c.unstructuredIndex().decoded[v]
}

// isIdentOrAddr reports whether e is a variable or its address: the
// object itself, not a field of a struct that holds it (s.bootstrapConfig,
// an object a scope looked up by reference).
func isIdentOrAddr(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	_, ok := e.(*ast.Ident)
	return ok
}

// fromParam reports whether v holds what a function of the package is
// given: a parameter, an element of a parameter it ranges over, or a copy
// of one (object := object).
func (c *checker) fromParam(v *types.Var, depth int) bool {
	if c.isParam(v) {
		return true
	}
	as := c.vals.Assignments(v)
	if depth > 3 || len(as) != 1 {
		return false
	}
	if rs, ok := as[0].Node.(*ast.RangeStmt); ok {
		p, ok := deletionpath.RootVar(c.info, rs.X).(*types.Var)
		return ok && c.fromParam(p, depth+1)
	}
	if id, ok := ast.Unparen(as[0].Single()).(*ast.Ident); ok {
		p, ok := c.info.Uses[id].(*types.Var)
		return ok && c.fromParam(p, depth+1)
	}
	return false
}

// isParam reports whether v is a parameter of a function of the package.
func (c *checker) isParam(v *types.Var) bool {
	if v.IsField() || v.Parent() == nil || v.Pkg() != c.pass.Pkg {
		return false
	}
	for _, f := range c.code.Funcs() {
		ft := f.Decl.Type
		if ft.Params != nil && ft.Params.Pos() <= v.Pos() && v.Pos() < ft.Params.End() {
			return true
		}
	}
	return false
}

// unstructuredIndex records, once per package, the one kind each variable's
// object is given from constants (gvk.Reader.Objects: u.SetKind("Job"),
// u.SetGroupVersionKind(gvk), a literal's "kind") and the variables an
// Unmarshal or Decode call fills.
type unstructuredIndex struct {
	kind    map[*types.Var]string
	decoded map[*types.Var]bool
}

func (c *checker) unstructuredIndex() *unstructuredIndex {
	if c.unstructured != nil {
		return c.unstructured
	}
	idx := &unstructuredIndex{kind: make(map[*types.Var]string), decoded: make(map[*types.Var]bool)}
	c.unstructured = idx
	r := gvk.Reader{Info: c.info, Values: c.vals}
	for _, f := range c.pass.Files {
		for v, named := range r.Objects(f) {
			// One kind, or several (a range over GroupVersionKinds): no
			// one kind is known.
			if !slices.ContainsFunc(named, func(n gvk.Named) bool { return n.Kind != named[0].Kind }) {
				idx.kind[v] = named[0].Kind
			}
		}
	}
	for _, call := range c.calls() {
		c.indexDecoded(idx, call)
	}
	return idx
}

// indexDecoded records the variables call fills by decoding (an Unmarshal
// or Decode call given them, or called on them).
func (c *checker) indexDecoded(idx *unstructuredIndex, call *ast.CallExpr) {
	fn := recognize.Callee(c.info, call)
	if fn == nil || !strings.Contains(fn.Name(), "Unmarshal") && !strings.Contains(fn.Name(), "Decode") {
		return
	}
	args := call.Args
	if sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr); isSel {
		args = append(args[:len(args):len(args)], sel.X)
	}
	for _, a := range args {
		if v, ok := deletionpath.RootVar(c.info, a).(*types.Var); ok {
			idx.decoded[v] = true
		}
	}
}

// constString returns the constant string value of e.
func (c *checker) constString(e ast.Expr) (string, bool) {
	if tv, ok := c.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	return "", false
}

// cleansPods reports whether the function declaration around call also
// deletes Pods, itself or through the package's functions it calls (a
// client's Delete or DeleteAllOf of core/v1 Pods, a typed client's Delete
// or DeleteCollection): the code that deletes the Job removes its Pods,
// which the API server's orphaning leaves to it.
func (c *checker) cleansPods(call *ast.CallExpr) bool {
	file := recognize.FileOf(c.pass.Files, call.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	for _, n := range path {
		if fd, ok := n.(*ast.FuncDecl); ok && fd.Body != nil {
			return c.deletesPods(fd.Body, 0)
		}
	}
	return false
}

// deletesPods reports whether n deletes Pods, in its calls or in those of
// the package's functions it calls (to depth 4).
func (c *checker) deletesPods(n ast.Node, depth int) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		if cc, ok := recognize.AsClientCall(c.info, call); ok && (cc.Method == "Delete" || cc.Method == "DeleteAllOf") && cc.Object != nil &&
			recognize.IsNamedOrPointer(c.info.TypeOf(cc.Object), recognize.PkgCoreV1, "Pod") {
			found = true
		} else if tc, ok := recognize.AsTypedCall(c.info, call); ok && !tc.Lister && (tc.Method == "Delete" || tc.Method == "DeleteCollection") &&
			recognize.IsNamedOrPointer(tc.Type, recognize.PkgCoreV1, "Pod") {
			found = true
		} else if fn := recognize.Callee(c.info, call); depth < 4 && fn != nil && c.funcDeletesPods(fn, depth+1) {
			found = true
		}
		return !found
	})
	return found
}

// funcDeletesPods is deletesPods of the body of fn, a function of the
// package; false for others.
func (c *checker) funcDeletesPods(fn *types.Func, depth int) bool {
	f := c.code.Func(fn)
	if f == nil || f.Decl == nil || f.Decl.Body == nil {
		return false
	}
	if v, ok := c.podsDeleted[f.Obj]; ok {
		return v
	}
	if c.podsDeleted == nil {
		c.podsDeleted = make(map[*types.Func]bool)
	}
	c.podsDeleted[f.Obj] = false // cuts recursion
	v := c.deletesPods(f.Decl.Body, depth)
	c.podsDeleted[f.Obj] = v
	return v
}
