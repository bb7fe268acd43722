package recognize

import (
	"go/ast"
	"go/types"
)

// CompositeField returns the value of field name in a composite literal
// (possibly behind &), or nil.
func CompositeField(e ast.Expr, name string) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// PackageVar returns the package-level variable that e names (an
// identifier or a qualified selector), or nil.
func PackageVar(info *types.Info, e ast.Expr) *types.Var {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	return v
}

// IsPackageVar reports whether e names the package-level variable
// path.name (for instance client.Apply).
func IsPackageVar(info *types.Info, e ast.Expr, path, name string) bool {
	v := PackageVar(info, e)
	return v != nil && v.Name() == name && PathIs(v.Pkg().Path(), path)
}
