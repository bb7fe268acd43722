package deletionpath

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// An Unstored is a finalizer removal that changes only an object in memory
// that nothing writes back: the object, a variable of the function made
// there (&T{}, new(T), a DeepCopy), is never handed to a write of its
// metadata (an Update or Patch, a helper that may make one, a return), by
// the function or the helpers it hands the object to. The API server's
// copy keeps the finalizer, and the object is never deleted.
type Unstored struct {
	Removal recognize.FinalizerRemoval
	// Status reports that the object is written back, but only through its
	// status, which drops changes to metadata.
	Status bool
	// Instead is a write, in the same function, of another variable of the
	// object's type (r.Update(ctx, cached) after the removal from a fresh
	// copy), and the object it writes; nil when there is none.
	Instead       *ast.CallExpr
	InsteadObject ast.Expr
}

// UnstoredRemovals returns the package's finalizer removals that change
// only an object in memory (see Unstored), in source order.
func (c *Code) UnstoredRemovals() []Unstored {
	if c == nil {
		return nil
	}
	return c.unstored
}

// findUnstored records the package's unstored removals; it needs the
// summaries of findAdds.
func (c *Code) findUnstored() {
	for _, f := range c.funcs {
		for cur := range f.body.Preorder((*ast.CallExpr)(nil), (*ast.AssignStmt)(nil)) {
			r, ok := recognize.AsFinalizerEdit(c.Info, cur.Node())
			if !ok || r.Helper || r.Object == nil {
				continue // the runtime's helpers write the object themselves
			}
			if recognize.InTestFile(c.fset, cur.Node().Pos()) {
				continue // a test's fixture, checked in memory
			}
			v, ok := objectVar(c.Info, r.Object)
			if !ok || !localTo(v, f.Decl) || !c.fresh(v) {
				continue // another's object, which its caller may write
			}
			e := c.effectOn(f, v, token.NoPos)
			if e.metadata {
				continue
			}
			u := Unstored{Removal: r, Status: e.status}
			u.Instead, u.InsteadObject = c.writeOfOther(f, v)
			c.unstored = append(c.unstored, u)
		}
	}
}

// fresh reports whether every value the variable v takes is an object
// made where it is assigned (&T{...}, T{...}, new(T), x.DeepCopy(), a
// declaration without a value), so that it stands for no other variable's
// object: a write of another variable does not write it. (An alias made
// later, p := &v, is a use effectOn counts as a hand-off.)
func (c *Code) fresh(v *types.Var) bool {
	as := c.values.Assignments(v)
	if len(as) == 0 {
		return false
	}
	for _, a := range as {
		if a.Zero() {
			continue
		}
		if a.Value == nil || a.Multi {
			return false
		}
		switch x := ast.Unparen(recognize.StripAddr(a.Value)).(type) {
		case *ast.CompositeLit:
		case *ast.CallExpr:
			fn := recognize.Callee(c.Info, x)
			if recognize.Builtin(c.Info, x) != "new" && (fn == nil || fn.Name() != "DeepCopy") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// writeOfOther returns a client write of the metadata (an Update or
// Patch, not of the status) of another variable of v's type in f, and the
// object it writes, or nil.
func (c *Code) writeOfOther(f *Func, v *types.Var) (*ast.CallExpr, ast.Expr) {
	for cur := range f.body.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		cc, ok := recognize.AsClientCall(c.Info, call)
		if !ok || cc.Status || cc.Object == nil || (cc.Method != "Update" && cc.Method != "Patch") {
			continue
		}
		w, ok := objectVar(c.Info, cc.Object)
		if ok && w != v && types.Identical(recognize.Unpointer(w.Type()), recognize.Unpointer(v.Type())) {
			return call, cc.Object
		}
	}
	return nil, nil
}
