package children

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
)

// A fieldStore is a value the package stores in a struct field that holds
// objects of no static kind (Objects []client.Object): the value, and the
// function whose code stores it.
type fieldStore struct {
	fi    *funcInfo
	value ast.Expr
}

// indexFieldStores records, for each field of the package's code that
// holds objects of no static kind, the values stored in it: assigned
// (b.Objects = append(b.Objects, obj), b.objs[i] = obj) or set in a
// composite literal (&builder{Objects: []client.Object{sa}}), through a
// promoted field too.
func (a *state) indexFieldStores(infos []*funcInfo) {
	info := a.pass.TypesInfo
	a.fieldStores = make(map[*types.Var][]fieldStore)
	add := func(fi *funcInfo, field *types.Var, value ast.Expr) {
		if field != nil && objkind.HoldsObjects(field.Type()) {
			a.fieldStores[field] = append(a.fieldStores[field], fieldStore{fi, value})
		}
	}
	for _, fi := range infos {
		for c := range fi.body.Preorder((*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil)) {
			switch n := c.Node().(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					continue
				}
				for i, lhs := range n.Lhs {
					lhs = ast.Unparen(lhs)
					if ix, ok := lhs.(*ast.IndexExpr); ok {
						lhs = ast.Unparen(ix.X) // an element of the field
					}
					add(fi, fieldOf(info, lhs), n.Rhs[i])
				}
			case *ast.CompositeLit:
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() {
								add(fi, v, kv.Value)
							}
						}
					}
				}
			}
		}
	}
}

// fieldOf returns the struct field e selects (x.f, through embedded
// fields too), or nil.
func fieldOf(info *types.Info, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
		return nil
	}
	v, _ := info.Uses[sel.Sel].(*types.Var)
	return v
}

// fieldKinds returns the kinds of the objects the package stores in field
// (see indexFieldStores), as far as they are known: a field is one store
// for every value of its struct type, so what any code of the package puts
// in it is what any code may take out. A value stored from a parameter
// takes the kinds the callers of its function pass (see callerKinds).
func (a *state) fieldKinds(field *types.Var) []string {
	stores := a.fieldStores[field]
	if len(stores) == 0 || a.fieldBusy[field] {
		return nil
	}
	if kinds, ok := a.fieldDone[field]; ok {
		return kinds
	}
	if a.fieldBusy == nil {
		a.fieldBusy = make(map[*types.Var]bool)
	}
	a.fieldBusy[field] = true // a store that appends to the field itself
	defer delete(a.fieldBusy, field)
	var out []string
	for _, s := range stores {
		out = append(out, a.res.kindsOf(s.fi.fn, s.value, 1)...)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	if a.fieldDone != nil && len(a.fieldBusy) == 1 {
		// Complete: the summaries are, and no field met on the way was
		// cut short.
		a.fieldDone[field] = out
	}
	return out
}
