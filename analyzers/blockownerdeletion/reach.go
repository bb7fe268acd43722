package blockownerdeletion

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// writesRefFact marks a function that puts the owner references it is
// given in some of its parameters into an object (SetOwnerReferences, the
// OwnerReferences field, a helper that does) or returns them.
type writesRefFact struct {
	// Params are the indexes of those parameters (the receiver excluded).
	Params []int
}

// AFact implements analysis.Fact.
func (*writesRefFact) AFact() {}

func (f *writesRefFact) String() string {
	s := make([]string, len(f.Params))
	for i, p := range f.Params {
		s[i] = strconv.Itoa(p)
	}
	return "writesOwnerRefs(" + strings.Join(s, ",") + ")"
}

// isCarrier reports whether a value of type t can carry an owner
// reference: an OwnerReference, a pointer to one, or a slice or array of
// such values.
func isCarrier(t types.Type) bool {
	for t != nil {
		if recognize.IsOwnerReference(t) {
			return true
		}
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Pointer:
			t = u.Elem()
		default:
			return false
		}
	}
	return false
}

// carrierVar returns the local variable or parameter e names if it can
// carry an owner reference, or nil.
func (c *checker) carrierVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Parent() == c.pass.Pkg.Scope() || !isCarrier(v.Type()) {
		return nil
	}
	return v
}

// indexUses records the uses of the variables that can carry an owner
// reference.
func (c *checker) indexUses() {
	c.uses = make(map[*types.Var][]inspector.Cursor)
	for cur := range c.ins.Root().Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() && isCarrier(v.Type()) {
			c.uses[v] = append(c.uses[v], cur)
		}
	}
}

// reaches reports whether the owner-reference value at cur can reach an
// object's owner references: put in an OwnerReferences field or passed to
// SetOwnerReferences, directly, through variables, slices and append, or
// through a function that does (writesRefFact). A value returned, stored
// in another field or passed to a function the analysis cannot see into
// may reach one. A value only compared, read or passed to a function that
// does not write it (an assertion that compares it with the references an
// object has, a predicate) never does.
func (c *checker) reaches(cur inspector.Cursor) bool {
	return c.flows(cur, make(map[*types.Var]bool))
}

func (c *checker) flows(cur inspector.Cursor, visiting map[*types.Var]bool) bool {
	n := cur.Node()
	for p := cur.Parent(); p.Node() != nil; n, p = p.Node(), p.Parent() {
		switch c.exprStep(p.Node(), n) {
		case stepUp:
			continue
		case stepStored:
			return true
		case stepStmt:
			return c.stmtFlows(p.Node(), n, visiting)
		}
		return false
	}
	return false
}

// step says where a value goes from the expression it is.
type step int

const (
	stepNowhere step = iota // nowhere that reaches an object
	stepUp                  // on into the parent expression
	stepStored              // where it may reach an object
	stepStmt                // into a statement: see stmtFlows
)

// exprStep says where the value n goes in its parent expression.
func (c *checker) exprStep(parent, n ast.Node) step {
	info := c.pass.TypesInfo
	switch x := parent.(type) {
	case *ast.ParenExpr, *ast.StarExpr:
		return stepUp
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return stepUp
		}
	case *ast.IndexExpr:
		if x.X == n {
			return stepUp // an element of a slice of references
		}
	case *ast.SliceExpr:
		if x.X == n {
			return stepUp
		}
	case *ast.CompositeLit:
		if isCarrier(info.TypeOf(x)) {
			return stepUp // an element of a slice literal
		}
		return stepStored // stored in a value of another type
	case *ast.KeyValueExpr:
		if x.Value != n {
			return stepNowhere
		}
		if id, ok := x.Key.(*ast.Ident); ok && id.Name == "OwnerReferences" {
			return stepStored
		}
		// An indexed element of a slice literal, or stored in a field of
		// another type: the literal says.
		return stepUp
	case *ast.CallExpr:
		if x.Fun == n {
			return stepNowhere
		}
		switch c.callFlow(x, n) {
		case flowOn:
			return stepUp
		case flowIn:
			return stepStored
		}
	case *ast.AssignStmt, *ast.ValueSpec, *ast.RangeStmt:
		return stepStmt
	case *ast.ReturnStmt, *ast.SendStmt:
		return stepStored
	}
	return stepNowhere
}

// stmtFlows reports whether the value n, assigned or ranged over by the
// statement parent, can reach an object through the variables it is
// given to.
func (c *checker) stmtFlows(parent, n ast.Node, visiting map[*types.Var]bool) bool {
	info := c.pass.TypesInfo
	switch x := parent.(type) {
	case *ast.AssignStmt:
		i := slices.Index(x.Rhs, n.(ast.Expr))
		if i < 0 {
			return false // assigned to
		}
		if len(x.Lhs) != len(x.Rhs) {
			for _, lhs := range x.Lhs {
				if isCarrier(info.TypeOf(lhs)) && c.lhsReaches(lhs, visiting) {
					return true
				}
			}
			return false
		}
		return c.lhsReaches(x.Lhs[i], visiting)
	case *ast.ValueSpec:
		i := slices.Index(x.Values, n.(ast.Expr))
		if i < 0 {
			return false
		}
		if len(x.Names) != len(x.Values) {
			for _, name := range x.Names {
				if v := c.carrierVar(name); v != nil && c.varFlows(v, visiting) {
					return true
				}
			}
			return false
		}
		return c.lhsReaches(x.Names[i], visiting)
	case *ast.RangeStmt:
		if x.X != n || x.Value == nil {
			return false
		}
		return c.lhsReaches(x.Value, visiting)
	}
	return false
}

// lhsReaches reports whether a value assigned to lhs can reach an object.
func (c *checker) lhsReaches(lhs ast.Expr, visiting map[*types.Var]bool) bool {
	lhs = ast.Unparen(lhs)
	if v := c.carrierVar(lhs); v != nil {
		return c.varFlows(v, visiting)
	}
	if id, ok := lhs.(*ast.Ident); ok && id.Name == "_" {
		return false
	}
	// refs[i] = ref: the reference joins the slice.
	base := lhs
	for {
		if ix, ok := base.(*ast.IndexExpr); ok {
			base = ast.Unparen(ix.X)
			continue
		}
		break
	}
	if base != lhs {
		if v := c.carrierVar(base); v != nil {
			return c.varFlows(v, visiting)
		}
	}
	// obj.OwnerReferences = ..., and any other field or global: stored.
	return true
}

// varReaches reports whether the value of the variable v can reach an
// object through one of its uses.
func (c *checker) varReaches(v *types.Var) bool {
	r, ok := c.reach[v]
	if !ok {
		r = c.varFlows(v, make(map[*types.Var]bool))
		c.reach[v] = r
	}
	return r
}

func (c *checker) varFlows(v *types.Var, visiting map[*types.Var]bool) bool {
	if r, ok := c.reach[v]; ok {
		return r
	}
	if visiting[v] {
		return false
	}
	visiting[v] = true
	if v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return true // a package variable
	}
	for _, use := range c.uses[v] {
		if c.flows(use, visiting) {
			c.reach[v] = true
			return true
		}
	}
	return false
}

// How a value passed to a call goes on.
type flow int

const (
	flowStops flow = iota // the call does not put it in an object
	flowOn                // the call's result carries it (append, a conversion)
	flowIn                // the call may put it in an object
)

// callFlow says what the call does with its argument arg.
func (c *checker) callFlow(call *ast.CallExpr, arg ast.Node) flow {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return flowOn // a conversion
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			if b.Name() == "append" {
				return flowOn
			}
			return flowStops
		}
	}
	ft := info.TypeOf(call.Fun)
	if ft == nil {
		return flowIn
	}
	sig, ok := ft.Underlying().(*types.Signature)
	if !ok {
		return flowIn
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetOwnerReferences" {
		return flowIn
	}
	idx := slices.Index(call.Args, arg.(ast.Expr))
	if idx < 0 {
		return flowStops
	}
	if isPredicate(sig) && !isPointer(info.TypeOf(arg.(ast.Expr))) {
		return flowStops // a test of the references, such as util.HasExactOwnerRef
	}
	params := sig.Params()
	pi := idx
	var pt types.Type
	switch {
	case sig.Variadic() && idx >= params.Len()-1:
		pi = params.Len() - 1
		pt = params.At(pi).Type()
		if !call.Ellipsis.IsValid() {
			pt = pt.(*types.Slice).Elem()
		}
	case idx < params.Len():
		pt = params.At(idx).Type()
	default:
		return flowIn
	}
	if !isCarrier(pt) {
		return flowStops // passed as an interface: a logger, a matcher
	}
	fn := recognize.Callee(info, call)
	if fn == nil || !c.visible(fn) || isAbstract(fn) {
		return flowIn // cannot see into it
	}
	if slices.Contains(c.writesOf(fn), pi) {
		return flowIn
	}
	return flowStops
}

// isAbstract reports whether fn is an interface method.
func isAbstract(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// visible reports whether the analysis looks into fn's body: fn is
// declared in this package or in a package it marks with facts.
func (c *checker) visible(fn *types.Func) bool {
	pkg := fn.Pkg()
	if pkg == nil {
		return false
	}
	if pkg == c.pass.Pkg {
		_, ok := c.writes[fn.Origin()]
		return ok
	}
	return recognize.PackageInScope(pkg)
}

// writesOf returns the parameters of fn that reach an object.
func (c *checker) writesOf(fn *types.Func) []int {
	fn = fn.Origin()
	if fn.Pkg() == c.pass.Pkg {
		return c.writes[fn]
	}
	var f writesRefFact
	if c.pass.ImportObjectFact(fn, &f) {
		return f.Params
	}
	return nil
}

// writeFacts computes, for the package's functions with parameters that
// can carry owner references, which of them reach an object, repeating
// until stable so that helpers of helpers are followed, and exports them.
func (c *checker) writeFacts() {
	type fnParams struct {
		fn     *types.Func
		params []*types.Var
	}
	var fns []fnParams
	for cur := range c.ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if !ok || fd.Body == nil {
			continue
		}
		sig := fn.Signature()
		var params []*types.Var
		carries := false
		for i := range sig.Params().Len() {
			p := sig.Params().At(i)
			if isCarrier(p.Type()) {
				params = append(params, p)
				carries = true
			} else {
				params = append(params, nil)
			}
		}
		if carries {
			fns = append(fns, fnParams{fn, params})
			c.writes[fn] = nil
		}
	}
	fixpoint.Solve(fns, func(f fnParams) bool {
		var w []int
		for i, p := range f.params {
			if p != nil && c.varReaches(p) {
				w = append(w, i)
			}
		}
		if len(w) == len(c.writes[f.fn]) {
			return false
		}
		c.writes[f.fn] = w
		clear(c.reach) // what varReaches remembered may now be more
		return true
	})
	for _, f := range fns {
		if w := c.writes[f.fn]; len(w) > 0 {
			c.pass.ExportObjectFact(f.fn, &writesRefFact{Params: w})
		}
	}
}

// plainChild returns the kind (Secret, Deployment, ...) when the statement
// at cur visibly writes the reference into an object of a built-in kind
// that carries no finalizer of its own (recognize.WithoutFinalizers: a
// literal of it, its SetOwnerReferences or OwnerReferences field, or a
// function of the package it is handed to that puts it in objects of that
// one kind) and to which the package adds none, or "". The garbage collector deletes such a
// child after its owner instead of before, and nothing remains (see
// doc.go).
func (c *checker) plainChild(cur inspector.Cursor) string {
	n := recognize.Named(recognize.Unpointer(c.childType(cur)))
	if n == nil {
		// A reference handed to a helper that builds the object (or
		// kept in a variable that is): the kinds it puts it in
		// (children.Result.RefKinds).
		kinds := c.refKinds(cur)
		if kinds == nil {
			kinds = c.carriedKinds(cur)
		}
		if len(kinds) == 1 {
			if path, name := children.SplitKind(kinds[0]); c.carriesNoFinalizer(path, name) {
				return name
			}
		}
		return ""
	}
	if n.Obj().Pkg() == nil || !c.carriesNoFinalizer(n.Obj().Pkg().Path(), n.Obj().Name()) {
		return ""
	}
	return n.Obj().Name()
}

// refKinds returns, for the reference at cur passed as an argument of a
// call of a function of the package, the kinds of the objects that
// function puts it in; else nil.
func (c *checker) refKinds(cur inspector.Cursor) []string {
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := recognize.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	sig, _ := fn.Type().(*types.Signature)
	for i, a := range call.Args {
		if a != cur.Node() {
			continue
		}
		if sig == nil || sig.Variadic() && i >= sig.Params().Len()-1 {
			return nil
		}
		res, _ := c.pass.ResultOf[children.Analyzer].(*children.Result)
		return res.RefKinds(c.pass.TypesInfo, call, i)
	}
	return nil
}

// carriedKinds returns, for a reference kept in a local variable
// (refs := []metav1.OwnerReference{{...}}), the kinds of the objects the
// functions of the package that variable is handed to put it in, when
// every use of the variable is such an argument; else nil.
func (c *checker) carriedKinds(cur inspector.Cursor) []string {
	info := c.pass.TypesInfo
	var v *types.Var
	n := cur.Node()
climb:
	for p := cur.Parent(); p.Node() != nil; n, p = p.Node(), p.Parent() {
		switch x := p.Node().(type) {
		case *ast.ParenExpr:
		case *ast.CompositeLit: // an element of a slice of references
			if !isCarrier(info.TypeOf(x)) {
				return nil
			}
		case *ast.AssignStmt:
			if i := slices.Index(x.Rhs, ast.Expr(n.(ast.Expr))); i >= 0 && len(x.Lhs) == len(x.Rhs) {
				v = c.carrierVar(x.Lhs[i])
			}
			break climb
		case *ast.ValueSpec:
			if i := slices.Index(x.Values, ast.Expr(n.(ast.Expr))); i >= 0 && len(x.Names) == len(x.Values) {
				v = c.carrierVar(x.Names[i])
			}
			break climb
		default:
			return nil
		}
	}
	if v == nil || len(c.uses[v]) == 0 {
		return nil
	}
	res, _ := c.pass.ResultOf[children.Analyzer].(*children.Result)
	var kinds []string
	for _, u := range c.uses[v] {
		call, ok := u.Parent().Node().(*ast.CallExpr)
		if !ok {
			return nil // stored, appended to, returned: not only handed on
		}
		i := slices.Index(call.Args, ast.Expr(u.Node().(*ast.Ident)))
		fn := recognize.Callee(info, call)
		if i < 0 || fn == nil {
			return nil
		}
		if sig, _ := fn.Type().(*types.Signature); sig == nil || sig.Variadic() && i >= sig.Params().Len()-1 {
			return nil
		}
		ks := res.RefKinds(info, call, i)
		if len(ks) == 0 {
			return nil
		}
		kinds = append(kinds, ks...)
	}
	slices.Sort(kinds)
	return slices.Compact(kinds)
}

// carriesNoFinalizer reports whether objects of the type name of package
// path carry no finalizer: a built-in kind without finalizers of its own
// (recognize.WithoutFinalizers) to which the package adds none.
func (c *checker) carriesNoFinalizer(path, name string) bool {
	if !recognize.WithoutFinalizers(path, name) {
		return false
	}
	if c.finalized == nil {
		var calls []*ast.CallExpr
		for cur := range c.ins.Root().Preorder((*ast.CallExpr)(nil)) {
			calls = append(calls, cur.Node().(*ast.CallExpr))
		}
		c.finalized = recognize.FinalizedTypes(c.pass.TypesInfo, calls)
	}
	return !c.finalized[path+"."+name]
}

// childType returns the type of the object the owner reference at cur is
// visibly written into, in the same statement: a literal of an object
// type around it, the receiver of SetOwnerReferences, the object whose
// OwnerReferences it is assigned to; or nil.
func (c *checker) childType(cur inspector.Cursor) types.Type {
	info := c.pass.TypesInfo
	// An object of a kind (a runtime.Object with metadata), not its
	// metadata or a Pod template inside it.
	isObject := func(t types.Type) bool {
		if t == nil {
			return false
		}
		meta, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetFinalizers")
		object, _, _ := types.LookupFieldOrMethod(t, true, nil, "DeepCopyObject")
		return meta != nil && object != nil
	}
	for p := cur.Parent(); p.Node() != nil; p = p.Parent() {
		switch x := p.Node().(type) {
		case *ast.CompositeLit:
			if t := info.TypeOf(x); isObject(t) {
				return t
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetOwnerReferences" {
				return info.TypeOf(sel.X)
			}
		case *ast.AssignStmt:
			for _, lhs := range x.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "OwnerReferences" {
					return info.TypeOf(sel.X)
				}
			}
			return nil
		case ast.Stmt, *ast.FuncLit:
			return nil
		}
	}
	return nil
}
