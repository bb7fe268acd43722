package blockownerdeletion

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/waits"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// ownerWaits reports whether the owner named by the controller reference
// lit waits, in its own deletion code, for every kind that the function
// around lit gives a controller reference to such an owner: it lists them
// and keeps its finalizer while any is left (package waits), so it cannot
// be gone before them, whatever blockOwnerDeletion says.
func (c *checker) ownerWaits(cur inspector.Cursor, lit *ast.CompositeLit) bool {
	owner := c.ownerKind(lit)
	fd := enclosingFunc(cur)
	if owner == "" || fd == nil {
		return false
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	kids, _ := c.pass.ResultOf[children.Analyzer].(*children.Result)
	w, _ := c.pass.ResultOf[waits.Analyzer].(*waits.Result)
	kinds := kids.Controlled(fn, owner)
	if len(kinds) == 0 {
		return false
	}
	for _, k := range kinds {
		if !w.Waits(owner, k) {
			return false
		}
	}
	return true
}

// ownerKind returns the kind of the object whose identity the reference
// literal copies (UID: owner.UID, owner.GetUID(); or its Name), or "".
func (c *checker) ownerKind(lit *ast.CompositeLit) string {
	for _, field := range []string{"UID", "Name"} {
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != field {
				continue
			}
			if x := identityOf(kv.Value); x != nil {
				if t := c.pass.TypesInfo.TypeOf(x); t != nil {
					if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetFinalizers"); obj != nil {
						return recognize.TypeKey(t)
					}
				}
			}
		}
	}
	return ""
}

// identityOf returns the object whose UID or name e reads (x in x.UID,
// x.ObjectMeta.UID, x.GetUID(), and the same for names), or nil.
func identityOf(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		e = call.Fun
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	switch sel.Sel.Name {
	case "UID", "Name", "GetUID", "GetName":
	default:
		return nil
	}
	x := ast.Unparen(sel.X)
	if meta, ok := x.(*ast.SelectorExpr); ok && meta.Sel.Name == "ObjectMeta" {
		x = meta.X
	}
	return x
}

// enclosingFunc returns the declaration of the function around cur, or nil.
func enclosingFunc(cur inspector.Cursor) *ast.FuncDecl {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		return c.Node().(*ast.FuncDecl)
	}
	return nil
}
