package foregrounddeletion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// A phase is a deletion that spans passes: the pass that deletes a
// dependent records it in the deleting object's status (obj.Status.Phase
// = "ChildrenDeleted", or a condition set true with
// meta.SetStatusCondition) and returns, and a later pass removes the
// finalizer on the branch that tests that value (==, a case of a switch,
// meta.IsStatusConditionTrue). The removal comes after
// the Delete as surely as in one pass; only a read of the dependent back,
// before the value is recorded or on the branch that tests it, sees it
// gone.
type phase struct {
	mark    ast.Node // the assignment or call that records the value
	field   string   // how the code names the field: w.Status.Phase
	value   ast.Expr // the value recorded
	removal ast.Node // the node of the later pass that reaches the removal
}

// statusField is a field under the status of an object of some type, as
// the assignment and the test both name it: the type of the variable it
// is read from, and the path of fields under it ("Status.Phase").
type statusField struct {
	typ, path string
}

// statusFieldOf returns the status field e selects (obj.Status.Phase),
// with the variable it is read from.
func statusFieldOf(info *types.Info, e ast.Expr) (statusField, bool) {
	var names []string
	for {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			break
		}
		names = append([]string{sel.Sel.Name}, names...)
		e = sel.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || len(names) < 2 || names[0] != "Status" {
		return statusField{}, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return statusField{}, false
	}
	return statusField{types.TypeString(recognize.Unpointer(v.Type()), nil), strings.Join(names, ".")}, true
}

// laterPhase returns the phase that a Delete of type t, at node index
// from of block b of f, starts: a status field assigned a constant on a
// path from it to a return, with no read of t back or removal on the
// way, whose value a branch of f's deletion code tests before it removes
// the finalizer with no read of t back before the removal.
func (c *checker) laterPhase(f *deletionpath.Func, b *cfg.Block, from int, t types.Type) *phase {
	var found *phase
	f.Forward(b, from, func(b *cfg.Block, from int) bool {
		for i := from; i < len(b.Nodes) && found == nil; i++ {
			n := b.Nodes[i]
			if c.observes(n, t, 0) || c.code.ReachesRemoval(n) {
				return false
			}
			for _, r := range c.records(n) {
				if rem := c.removalWhen(f, r.sf, c.info.Types[r.value].Value, t); rem != nil {
					found = &phase{mark: n, field: types.ExprString(r.field), value: r.value, removal: rem}
					return false
				}
			}
			if _, ok := n.(*ast.ReturnStmt); ok {
				return false
			}
		}
		return found == nil
	}, nil)
	return found
}

// A record is a constant that a node stores in a status field: the field
// as the code names it, and the value.
type record struct {
	sf           statusField
	field, value ast.Expr
}

// records returns what node n records in status fields: x.Status.F = C,
// or meta.SetStatusCondition(&x.Status.Conditions, metav1.Condition{Type:
// C, Status: metav1.ConditionTrue}) (the field the conditions, the value
// the condition's type).
func (c *checker) records(n ast.Node) []record {
	var out []record
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
			return nil
		}
		for j, l := range n.Lhs {
			if sf, ok := statusFieldOf(c.info, l); ok && c.info.Types[n.Rhs[j]].Value != nil {
				out = append(out, record{sf, l, n.Rhs[j]})
			}
		}
	case *ast.ExprStmt:
		call, ok := ast.Unparen(n.X).(*ast.CallExpr)
		if !ok || !recognize.IsFunc(recognize.Callee(c.info, call), recognize.PkgAPIMeta, "SetStatusCondition") || len(call.Args) != 2 {
			return nil
		}
		conds := recognize.StripAddr(call.Args[0])
		sf, ok := statusFieldOf(c.info, conds)
		lit, _ := ast.Unparen(call.Args[1]).(*ast.CompositeLit)
		if !ok || lit == nil {
			return nil
		}
		var typ ast.Expr
		isTrue := false
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			key, _ := kv.Key.(*ast.Ident)
			if !ok || key == nil {
				continue
			}
			tv := c.info.Types[kv.Value]
			switch {
			case key.Name == "Type" && tv.Value != nil:
				typ = kv.Value
			case key.Name == "Status" && tv.Value != nil && tv.Value.Kind() == constant.String:
				isTrue = constant.StringVal(tv.Value) == "True"
			}
		}
		if typ != nil && isTrue {
			out = append(out, record{sf, conds, typ})
		}
	}
	return out
}

// removalWhen returns the node of f's deletion code that reaches the
// finalizer removal inside a branch taken when the status field sf holds
// value v (if x.Status.Phase == v, a case v of switch x.Status.Phase),
// with no read of t back before it in that branch; nil when there is none.
func (c *checker) removalWhen(f *deletionpath.Func, sf statusField, v constant.Value, t types.Type) ast.Node {
	file := c.fileOf(f.Decl)
	if file == nil {
		return nil
	}
	for _, b := range f.CFG.Blocks {
		if !b.Live || !f.Deleting(b) {
			continue
		}
		for _, n := range b.Nodes {
			if !c.code.ReachesRemoval(n) {
				continue
			}
			path, _ := astutil.PathEnclosingInterval(file, n.Pos(), n.End())
			for k, p := range path {
				var body []ast.Stmt
				switch p := p.(type) {
				case *ast.IfStmt:
					if k > 0 && path[k-1] == p.Body && c.testsValue(p.Cond, sf, v) {
						body = p.Body.List
					}
				case *ast.CaseClause:
					if k+2 < len(path) {
						if sw, ok := path[k+2].(*ast.SwitchStmt); ok && sw.Tag != nil && c.isField(sw.Tag, sf) && c.listsValue(p.List, v) {
							body = p.Body
						}
					}
				}
				if body != nil && !c.readBefore(body, n, t) {
					return n
				}
			}
		}
	}
	return nil
}

// testsValue reports whether cond holds when the field sf holds v: sf ==
// v, v == sf, meta.IsStatusConditionTrue(sf, v), or a conjunction with one
// of them.
func (c *checker) testsValue(cond ast.Expr, sf statusField, v constant.Value) bool {
	if call, ok := ast.Unparen(cond).(*ast.CallExpr); ok {
		return recognize.IsFunc(recognize.Callee(c.info, call), recognize.PkgAPIMeta, "IsStatusConditionTrue") && len(call.Args) == 2 &&
			c.isField(call.Args[0], sf) && c.isValue(call.Args[1], v)
	}
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch be.Op {
	case token.LAND:
		return c.testsValue(be.X, sf, v) || c.testsValue(be.Y, sf, v)
	case token.EQL:
		return c.isField(be.X, sf) && c.isValue(be.Y, v) || c.isField(be.Y, sf) && c.isValue(be.X, v)
	}
	return false
}

func (c *checker) isField(e ast.Expr, sf statusField) bool {
	got, ok := statusFieldOf(c.info, e)
	return ok && got == sf
}

func (c *checker) isValue(e ast.Expr, v constant.Value) bool {
	tv := c.info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == v.Kind() && constant.Compare(tv.Value, token.EQL, v)
}

func (c *checker) listsValue(list []ast.Expr, v constant.Value) bool {
	for _, e := range list {
		if c.isValue(e, v) {
			return true
		}
	}
	return false
}

// readBefore reports whether a statement of body before node n reads
// objects of type t back.
func (c *checker) readBefore(body []ast.Stmt, n ast.Node, t types.Type) bool {
	for _, s := range body {
		if s.Pos() >= n.Pos() {
			break
		}
		if c.observes(s, t, 0) {
			return true
		}
	}
	return false
}

// fileOf returns the file of the package that holds decl.
func (c *checker) fileOf(decl *ast.FuncDecl) *ast.File {
	for _, file := range c.pass.Files {
		if file.Pos() <= decl.Pos() && decl.End() <= file.End() {
			return file
		}
	}
	return nil
}
