package finalizerblock

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// categoryOrder marks a deletion that releases its finalizer while objects
// whose own deletion needs it may be left.
const categoryOrder = "order"

// A need is a lookup in the deletion code of kind needer (B) of an object
// of kind on (A) that strands B's finalizer once A is gone: B's deletion
// needs A, so A's deletion must wait until no B is left.
type need struct {
	needer, on string
	at         *ast.CallExpr // the lookup
}

// recordNeed notes the need that the lookup of o, in f, shows.
func (c *checker) recordNeed(f *deletionpath.Func, o origin) {
	rem := c.removal(f)
	if rem == nil || rem.Object == nil || o.lookup.Type == nil || o.call == nil {
		return
	}
	needer, on := recognize.TypeKey(c.info.TypeOf(rem.Object)), recognize.TypeKey(o.lookup.Type)
	if needer == "" || on == "" || needer == on {
		return
	}
	c.needs = append(c.needs, need{needer: needer, on: on, at: o.call})
}

// reportOrder reports, in the deletion code of each kind A of the package,
// the removal of A's finalizer when the package shows objects of a kind B
// whose deletion needs A (B's deletion code looks A up and is stuck once it
// is gone) and A's deletion code does not wait for them: it neither lists
// the Bs and requeues while any is left, nor waits on a lookup of one.
func (c *checker) reportOrder(funcs []*deletionpath.Func) {
	if len(c.needs) == 0 {
		return
	}
	waits := c.waits // by list or by lookup, here and in imported packages
	done := make(map[[2]string]bool)
	for _, f := range funcs {
		t := c.targets[f]
		if t.entry != nil || t.rem == nil || t.rem.Object == nil || t.rem.Call == nil || !f.TestsDeletion() {
			continue
		}
		a := recognize.TypeKey(c.info.TypeOf(t.rem.Object))
		for _, n := range c.needs {
			if n.on != a || waits[Wait{Waiter: a, On: n.needer}] || done[[2]string{a, n.needer}] {
				continue
			}
			done[[2]string{a, n.needer}] = true
			msg := fmt.Sprintf("%s releases %s here without waiting for the %s objects whose deletion needs it: a %s being deleted looks up its %s and is stuck once the %s is gone; before removing the finalizer, list the %s objects that still refer to this %s and requeue while any is left",
				shortKind(a), c.finalizerName(t.rem), shortKind(n.needer), shortKind(n.needer), shortKind(a), shortKind(a), shortKind(n.needer), shortKind(a))
			lint.Report(c.pass, t.rem.Call, categoryOrder, msg, lint.Related(n.at, shortKind(n.needer)+"'s deletion looks up the "+shortKind(a)+" here"))
		}
	}
}

// listWaits returns the waits of f's deletion code that list objects or
// test one's presence: a client List of a kind B (in f, or in a function
// of the package f calls whose result it tests), or a B looked up
// elsewhere (scope.ControlPlane != nil), followed by a condition whose
// branch returns before the finalizer removal.
func (c *checker) listWaits(f *deletionpath.Func) []Wait {
	rem := c.removal(f)
	if rem == nil || rem.Object == nil {
		return nil
	}
	waiter := recognize.TypeKey(c.info.TypeOf(rem.Object))
	var out []Wait
	body := f.Decl.Body
	inBody := body.Pos() <= rem.Call.Pos() && rem.Call.End() <= body.End()
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || inBody && ifs.Pos() > rem.Call.Pos() {
			return true // after the removal: too late to wait
		}
		if !endsInReturn(ifs.Body) {
			return true
		}
		kinds := c.listedKinds(f, ifs)
		if k := c.presentKind(ifs.Cond); k != "" {
			kinds = append(kinds, k)
		}
		for _, kind := range kinds {
			if kind != waiter {
				out = append(out, Wait{Waiter: waiter, On: kind})
			}
		}
		return true
	})
	sort.Slice(out, func(i, j int) bool { return out[i].On < out[j].On })
	return out
}

// presentKind returns the kind of the object whose presence cond tests
// (scope.ControlPlane != nil, a *T of a Kubernetes kind looked up
// elsewhere), or "".
func (c *checker) presentKind(cond ast.Expr) string {
	x, whenNil, ok := recognize.NilTest(c.info, cond)
	if !ok || whenNil {
		return ""
	}
	t := c.info.TypeOf(x)
	if _, isPtr := t.(*types.Pointer); !isPtr {
		return ""
	}
	if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetFinalizers"); obj == nil {
		return ""
	}
	return recognize.TypeKey(t)
}

// endsInReturn reports whether the last statement of body is a return: a
// branch that always stops there (a requeue while something is left), not
// one that returns only when a step in it fails.
func endsInReturn(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	_, ok := body.List[len(body.List)-1].(*ast.ReturnStmt)
	return ok
}

// listedKinds returns the kinds of the objects listed by the calls whose
// results the condition of ifs (or its init) tests: a client List into a
// list variable the condition reads (len(list.Items) > 0), or a call of a
// package function that lists them.
func (c *checker) listedKinds(f *deletionpath.Func, ifs *ast.IfStmt) []string {
	var kinds []string
	vars := make(map[types.Object]bool)
	for _, e := range []ast.Node{ifs.Init, ifs.Cond} {
		if e == nil {
			continue
		}
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if v, ok := c.info.Uses[n].(*types.Var); ok {
					vars[v] = true
				}
			case *ast.CallExpr:
				kinds = append(kinds, c.listsIn(n, 0)...)
			}
			return true
		})
	}
	if len(vars) == 0 {
		return kinds
	}
	// The List calls (or listing helpers) that fill those variables, before
	// the condition.
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= ifs.Pos() {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if cc, ok := recognize.AsClientCall(c.info, call); ok && cc.Method == "List" && cc.Object != nil {
			if vars[deletionpath.RootVar(c.info, cc.Object)] {
				if k := itemsKind(c.info.TypeOf(cc.Object)); k != "" {
					kinds = append(kinds, k)
				}
			}
			return true
		}
		if as := assignedBy(f.Decl.Body, call); as != nil {
			for _, l := range as.Lhs {
				if vars[deletionpath.RootVar(c.info, l)] {
					kinds = append(kinds, c.listsIn(call, 0)...)
				}
			}
		}
		return true
	})
	return kinds
}

// listsIn returns the kinds a call of a package function lists (a client
// List in its body or in the package functions it calls).
func (c *checker) listsIn(call *ast.CallExpr, depth int) []string {
	fn := recognize.Callee(c.info, call)
	g := c.code.Func(fn)
	if g == nil || depth > 3 {
		return nil
	}
	var kinds []string
	ast.Inspect(g.Decl.Body, func(n ast.Node) bool {
		inner, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if cc, ok := recognize.AsClientCall(c.info, inner); ok && cc.Method == "List" && cc.Object != nil {
			if k := itemsKind(c.info.TypeOf(cc.Object)); k != "" {
				kinds = append(kinds, k)
			}
		} else if recognize.Callee(c.info, inner) != fn {
			kinds = append(kinds, c.listsIn(inner, depth+1)...)
		}
		return true
	})
	return kinds
}

// assignedBy returns the assignment in body whose only right-hand side is
// call, or nil.
func assignedBy(body *ast.BlockStmt, call *ast.CallExpr) *ast.AssignStmt {
	var found *ast.AssignStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call {
			found = as
		}
		return found == nil && (n == nil || n.Pos() <= call.Pos())
	})
	return found
}

// itemsKind returns the kind key of the Items of a list type, or "".
func itemsKind(t types.Type) string {
	if t == nil {
		return ""
	}
	st, ok := recognize.Unpointer(t).Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Name() == "Items" {
			if s, ok := f.Type().Underlying().(*types.Slice); ok {
				return recognize.TypeKey(s.Elem())
			}
		}
	}
	return ""
}
