package recognize

import (
	"go/ast"
	"go/types"
)

// OwnerWalker reports whether fd is a package's copy of Cluster API's
// GetOwnerMachinePool and its kin: it returns (*T, error), ranges over the
// owner references of an object given to it, and ends with return nil,
// nil, so that its callers see a nil owner when the reference is missing.
// param is the index of the parameter whose owner references it walks.
func OwnerWalker(info *types.Info, fd *ast.FuncDecl) (param int, ok bool) {
	fn, isFunc := info.Defs[fd.Name].(*types.Func)
	if !isFunc || fd.Body == nil || len(fd.Body.List) == 0 {
		return 0, false
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 2 || !IsError(res.At(1).Type()) {
		return 0, false
	}
	if _, isPtr := res.At(0).Type().(*types.Pointer); !isPtr {
		return 0, false
	}
	ret, isRet := fd.Body.List[len(fd.Body.List)-1].(*ast.ReturnStmt)
	if !isRet || len(ret.Results) != 2 || !IsNil(info, ret.Results[0]) || !IsNil(info, ret.Results[1]) {
		return 0, false
	}
	params := ParamIndexes(info, fd.Type)
	param = -1
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if r, isRange := n.(*ast.RangeStmt); isRange && param < 0 {
			if p, walks := ownerRefsOf(info, r.X, params); walks {
				param = p
			}
		}
		return param < 0
	})
	return param, param >= 0
}

// ownerRefsOf reports whether e is the list of owner references
// ([]metav1.OwnerReference) of a parameter, and which: obj.OwnerReferences,
// obj.ObjectMeta.OwnerReferences, obj.GetOwnerReferences(); not those of
// objects the function finds.
func ownerRefsOf(info *types.Info, e ast.Expr, params map[types.Object]int) (int, bool) {
	e = OwnerRefsHolder(info, e)
	if e == nil {
		return 0, false
	}
	// The root of obj, obj.ObjectMeta.
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	for ok {
		e = ast.Unparen(sel.X)
		sel, ok = e.(*ast.SelectorExpr)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return 0, false
	}
	p, isParam := params[info.Uses[id]]
	return p, isParam
}

// OwnerRefsHolder returns the object (or its ObjectMeta) whose list of
// owner references ([]metav1.OwnerReference) e is: obj for
// obj.OwnerReferences and obj.GetOwnerReferences(), obj.ObjectMeta for
// obj.ObjectMeta.OwnerReferences; else nil.
func OwnerRefsHolder(info *types.Info, e ast.Expr) ast.Expr {
	s, ok := info.TypeOf(e).(*types.Slice)
	if !ok || !IsNamed(s.Elem(), PkgMetaV1, "OwnerReference") {
		return nil
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if len(call.Args) != 0 {
			return nil
		}
		e = call.Fun // obj.GetOwnerReferences()
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "OwnerReferences" && sel.Sel.Name != "GetOwnerReferences" {
		return nil
	}
	return sel.X
}

// OwnedArg returns the object whose owner references a call of an owner
// walker (see OwnerWalker) follows when it is handed arg: x for x.ObjectMeta,
// or arg itself.
func OwnedArg(arg ast.Expr) ast.Expr {
	if sel, ok := ast.Unparen(arg).(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
		return sel.X
	}
	return arg
}
