package recognize

import (
	"go/ast"
	"go/token"
	"go/types"
)

// FindPackage finds the package of import path among pkg and the packages
// it imports, directly or not; nil when there is none.
func FindPackage(pkg *types.Package, path string) *types.Package {
	seen := make(map[*types.Package]bool)
	var find func(p *types.Package) *types.Package
	find = func(p *types.Package) *types.Package {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if p.Path() == path {
			return p
		}
		for _, imp := range p.Imports() {
			if f := find(imp); f != nil {
				return f
			}
		}
		return nil
	}
	return find(pkg)
}

// StripAddr removes parentheses and a & around e: &obj is obj.
func StripAddr(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return ast.Unparen(u.X)
	}
	return e
}
