package children

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/clients"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// objRef describes an object expression: the parameter it is, when it is
// an interface or type-parameter typed parameter or a struct that carries
// objects in its fields, or else its kind.
func (a *state) objRef(l *locals, e ast.Expr) ref {
	info := a.pass.TypesInfo
	e = ast.Unparen(e)
	if recognize.IsNil(info, e) {
		// No object: a helper given a nil owner (an optional one) sets
		// no reference with it.
		return ref{param: -1, none: true}
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op.String() == "&" {
		e = ast.Unparen(u.X)
	} else if st, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(st.X)
	}
	// An object's metadata stands for the object: helpers that set owner
	// references take &obj.ObjectMeta.
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" && isObjectMeta(info.TypeOf(sel)) {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
			return a.objRef(l, sel.X)
		}
	}
	kind := objkind.Of(info.TypeOf(e))
	if r, ok := a.structRefOf(l, e, kind); ok {
		return r
	}
	if kind != "" {
		return ref{kind: kind, param: -1}
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok {
			if r, ok := a.objectVarRef(l, v); ok {
				return r
			}
		}
	}
	// A range variable, an element, a generator's result: the kinds its
	// values may have.
	if kinds := a.kindsOf(l, e, make(map[*types.Var]bool)); len(kinds) > 0 {
		return ref{kind: kinds[0], param: -1, alts: kinds[1:]}
	}
	return ref{param: -1}
}

// structRefOf describes e when it is, or names, a struct that carries
// objects in its fields (an options struct of kind, a literal), or a field
// of a struct parameter or of the receiver.
func (a *state) structRefOf(l *locals, e ast.Expr, kind string) (ref, bool) {
	info := a.pass.TypesInfo
	switch x := e.(type) {
	case *ast.CompositeLit:
		return a.structRef(l, x, kind), true
	case *ast.SelectorExpr:
		// params.Owner: a field of a struct parameter, which the caller
		// fills; r.owner: a field of the receiver, which its constructor
		// fills.
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		if !ok || kind != "" {
			break
		}
		v, ok := info.Uses[id].(*types.Var)
		sel, isSel := info.Selections[x]
		if !ok || !isSel || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
			break
		}
		if v == l.recv && l.recv != nil {
			return ref{param: -1, recvField: x.Sel.Name}, true
		}
		if i, ok := l.params[v]; ok {
			return ref{param: i, field: x.Sel.Name}, true
		}
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || kind == "" || objkind.IsAPIObject(v.Type()) {
			break
		}
		if i, isParam := l.params[v]; isParam {
			// An options struct parameter, whose fields the caller fills.
			return ref{kind: kind, param: i}, true
		}
		// p := Params{...}; helper(p)
		if as := a.values.Assignments(v); len(as) == 1 && as[0].Result == 0 {
			if lit, ok := ast.Unparen(as[0].Value).(*ast.CompositeLit); ok {
				return a.structRef(l, lit, kind), true
			}
		}
	}
	return ref{}, false
}

// objectVarRef describes v, a variable whose type names no kind
// (client.Object): a parameter, a variable whose kinds the function sets
// at run time, an accessor of another object, or one assigned objects of
// known kinds.
func (a *state) objectVarRef(l *locals, v *types.Var) (ref, bool) {
	if i, ok := l.params[v]; ok {
		return ref{param: i}, true
	}
	if kinds := l.metaOf[v]; len(kinds) > 0 {
		return ref{kind: kinds[0], param: -1, alts: kinds[1:]}, true
	}
	if kinds := l.gvk[v]; len(kinds) > 0 {
		return ref{kind: kinds[0], param: -1, alts: kinds[1:]}, true
	}
	// ca, err := meta.Accessor(obj): the accessor stands for obj.
	if as := a.values.Assignments(v); len(as) == 1 && as[0].Result == 0 {
		if call, ok := ast.Unparen(as[0].Value).(*ast.CallExpr); ok && len(call.Args) == 1 &&
			recognize.IsFunc(recognize.Callee(a.pass.TypesInfo, call), recognize.PkgAPIMeta, "Accessor") {
			return a.objRef(l, call.Args[0]), true
		}
	}
	if r := a.assignedKinds(v); r.kind != "" {
		return r, true
	}
	return ref{}, false
}

// structRef describes a composite literal of kind: with the objects its
// keyed fields hold, for a callee that reads them from its struct
// parameter (a field left out is nil).
func (a *state) structRef(l *locals, lit *ast.CompositeLit, kind string) ref {
	out := ref{kind: kind, param: -1, fields: make(map[string]ref)}
	t := a.pass.TypesInfo.TypeOf(lit) // nil when the literal does not type-check
	if t == nil {
		return out
	}
	if _, isStruct := recognize.Unpointer(t).Underlying().(*types.Struct); !isStruct {
		return out
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		out.fields[id.Name] = a.objRef(l, kv.Value)
	}
	return out
}

// assignedKinds returns the kinds of the objects assigned to v, a variable
// of interface type (var obj client.Object, then obj = &T{} in the cases of
// a switch), when every value assigned to it has a kind.
func (a *state) assignedKinds(v *types.Var) ref {
	out := ref{param: -1}
	for _, as := range a.values.Assignments(v) {
		if as.Zero() {
			continue
		}
		kind := ""
		if x := as.Single(); x != nil {
			kind = objkind.Of(a.pass.TypesInfo.TypeOf(x))
		}
		switch {
		case kind == "":
			return ref{param: -1}
		case out.kind == "":
			out.kind = kind
		case kind != out.kind && !slices.Contains(out.alts, kind):
			out.alts = append(out.alts, kind)
		}
	}
	return out
}

// remote reports whether the client expression e (a receiver or argument)
// is another cluster's (clients.Remote).
func (a *state) remote(e ast.Expr) bool {
	return clients.Remote(a.pass.TypesInfo, a.values, e)
}

// isObjectMeta reports whether t is metav1.ObjectMeta or a pointer to it.
func isObjectMeta(t types.Type) bool {
	return t != nil && recognize.IsNamedOrPointer(t, recognize.PkgMetaV1, "ObjectMeta")
}

// isMetaField reports whether sel selects a field of metav1.ObjectMeta.
func isMetaField(info *types.Info, sel *ast.SelectorExpr) bool {
	s := info.Selections[sel]
	if s == nil {
		return false
	}
	v, ok := s.Obj().(*types.Var)
	return ok && v.IsField() && v.Pkg() != nil && recognize.PathIs(v.Pkg().Path(), recognize.PkgMetaV1)
}

// objectMetaOf returns the metav1.ObjectMeta literal given as the ObjectMeta
// field of the object literal lit, or nil.
func objectMetaOf(info *types.Info, lit *ast.CompositeLit) *ast.CompositeLit {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != "ObjectMeta" {
			continue
		}
		v := ast.Unparen(kv.Value)
		if u, ok := v.(*ast.UnaryExpr); ok {
			v = u.X
		}
		if m, ok := v.(*ast.CompositeLit); ok && recognize.IsNamed(info.TypeOf(m), recognize.PkgMetaV1, "ObjectMeta") {
			return m
		}
	}
	return nil
}
