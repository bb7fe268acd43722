package blockownerdeletion

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

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
			if path, name := objkind.Split(kinds[0]); c.carriesNoFinalizer(path, name) {
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
			if !recognize.CarriesOwnerReference(info.TypeOf(x)) {
				return nil
			}
		case *ast.AssignStmt:
			if i := slices.Index(x.Rhs, ast.Expr(n.(ast.Expr))); i >= 0 && len(x.Lhs) == len(x.Rhs) {
				v = c.flow.CarrierVar(x.Lhs[i])
			}
			break climb
		case *ast.ValueSpec:
			if i := slices.Index(x.Values, ast.Expr(n.(ast.Expr))); i >= 0 && len(x.Names) == len(x.Values) {
				v = c.flow.CarrierVar(x.Names[i])
			}
			break climb
		default:
			return nil
		}
	}
	if v == nil || len(c.flow.Uses(v)) == 0 {
		return nil
	}
	res, _ := c.pass.ResultOf[children.Analyzer].(*children.Result)
	var kinds []string
	for _, u := range c.flow.Uses(v) {
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
// path carry no finalizer that can hold their deletion for good: a built-in
// kind without finalizers of its own, or with only a protection released
// once nothing uses the object (recognize.NeverHeldForGood: a
// PersistentVolumeClaim, whose Pods leave with their owners), to which the
// package adds none.
func (c *checker) carriesNoFinalizer(path, name string) bool {
	if !recognize.NeverHeldForGood(path, name) {
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
				return info.TypeOf(withoutMeta(sel.X))
			}
		case *ast.AssignStmt:
			for _, lhs := range x.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "OwnerReferences" {
					return info.TypeOf(withoutMeta(sel.X))
				}
			}
			return nil
		case ast.Stmt, *ast.FuncLit:
			return nil
		}
	}
	return nil
}
