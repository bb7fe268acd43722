package blockownerdeletion

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// inClaimTemplate reports whether the owner reference at cur is written
// into a StatefulSet's volume claim template: the StatefulSet controller
// copies it into every claim it creates, under its own service account,
// so the operator never sends it on an object of its own. Setting
// blockOwnerDeletion there would make those creates need update on the
// owner's finalizers for that account, which clusters that enforce it
// (OpenShift) refuse: the advice would break the claims. The template is
// seen where it is written: a literal inside a VolumeClaimTemplates field,
// an object reached through one (set.Spec.VolumeClaimTemplates[0]), or a
// local copy of an element of one (claim := in[0] and in[0] = claim), also
// of a parameter that every call in the package passes such a field.
func (c *checker) inClaimTemplate(cur inspector.Cursor) bool {
	for p := cur.Parent(); p.Node() != nil; p = p.Parent() {
		switch x := p.Node().(type) {
		case *ast.KeyValueExpr:
			if id, ok := x.Key.(*ast.Ident); ok && id.Name == "VolumeClaimTemplates" {
				return true
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetOwnerReferences" {
				return c.claimTemplate(p, sel.X)
			}
		case *ast.AssignStmt:
			for _, lhs := range x.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "OwnerReferences" {
					return c.claimTemplate(p, sel.X)
				}
			}
			return false
		case ast.Stmt, *ast.FuncLit:
			return false
		}
	}
	return false
}

// claimTemplate reports whether obj, written at cur, is a volume claim
// template (see inClaimTemplate).
func (c *checker) claimTemplate(cur inspector.Cursor, obj ast.Expr) bool {
	if c.templateField(obj) {
		return true
	}
	v, ok := deref(c.pass.TypesInfo, withoutMeta(obj)).(*types.Var)
	if !ok {
		return false
	}
	fd := enclosingFunc(cur)
	if fd == nil || fd.Body == nil {
		return false
	}
	params := recognize.ParamIndexes(c.pass.TypesInfo, fd.Type)
	// An element of a template list, copied in or out.
	element := func(e ast.Expr) bool {
		ix, ok := ast.Unparen(e).(*ast.IndexExpr)
		if !ok {
			return false
		}
		if c.templateField(ix.X) {
			return true
		}
		p, ok := deref(c.pass.TypesInfo, ix.X).(*types.Var)
		i, isParam := params[p]
		return ok && isParam && c.alwaysPassedTemplates(fd, i)
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found || len(as.Lhs) != len(as.Rhs) {
			return !found
		}
		for i, lhs := range as.Lhs {
			switch {
			case deref(c.pass.TypesInfo, lhs) == v && element(as.Rhs[i]),
				deref(c.pass.TypesInfo, as.Rhs[i]) == v && element(lhs):
				found = true
			}
		}
		return !found
	})
	return found
}

// templateField reports whether e reads a StatefulSet's
// VolumeClaimTemplates field, directly or through an index or a pointer.
func (c *checker) templateField(e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if x.Sel.Name == "VolumeClaimTemplates" {
				n := recognize.Named(recognize.Unpointer(c.pass.TypesInfo.TypeOf(x.X)))
				return n != nil && n.Obj().Name() == "StatefulSetSpec"
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		default:
			return false
		}
	}
}

// alwaysPassedTemplates reports whether every call of fd in the package
// passes a VolumeClaimTemplates field for its parameter i, and there is
// one.
func (c *checker) alwaysPassedTemplates(fd *ast.FuncDecl, i int) bool {
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return false
	}
	calls := 0
	for cur := range c.ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if g := recognize.Callee(c.pass.TypesInfo, call); g == nil || g.Origin() != fn {
			continue
		}
		if i >= len(call.Args) || !c.templateField(call.Args[i]) {
			return false
		}
		calls++
	}
	return calls > 0
}

// withoutMeta returns the object whose metadata e is (obj for
// obj.ObjectMeta), or e.
func withoutMeta(e ast.Expr) ast.Expr {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
		return sel.X
	}
	return e
}

// deref returns the variable e names, through parentheses, & and *, or
// nil.
func deref(info *types.Info, e ast.Expr) types.Object {
	e = recognize.StripAddr(e)
	if s, ok := ast.Unparen(e).(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return info.ObjectOf(id)
	}
	return nil
}
