package children

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// This file finds the kinds of objects whose static type does not name
// one: values of interface type (client.Object, runtime.Object) and slices
// of them, as generator functions return them (a list of the owner's
// children, a builder's Build()), ranged over and created one by one;
// unstructured objects whose kind the function sets from constants; and
// server-side apply configurations, which stand for the kind they
// configure.

// returnsObjects reports whether one of fn's results holds objects of no
// static kind, and which.
func returnsObjects(fn *types.Func) (int, bool) {
	for i, t := range recognize.ResultTypes(fn) {
		if objkind.HoldsObjects(t) {
			return i, true
		}
	}
	return -1, false
}

// returnedKinds returns the kinds fi's object result may hold, as its
// return statements say. A parameter, and a value of a type parameter that
// a parameter has, stand for what each caller passes (paramKind): a
// generic helper that lists objects of its argument's kind returns that
// kind.
func (a *state) returnedKinds(fi *funcInfo, l *locals) map[string]bool {
	l.symbolic = true
	out := make(map[string]bool)
	for c := range fi.body.Preorder((*ast.ReturnStmt)(nil)) {
		ret := c.Node().(*ast.ReturnStmt)
		if recognize.InnermostFunc(c) != fi.decl || fi.objResult >= len(ret.Results) {
			continue
		}
		for _, k := range a.kindsOf(l, ret.Results[fi.objResult], make(map[*types.Var]bool)) {
			out[k] = true
		}
	}
	return out
}

// paramKind is the kind a function's summary gives for what its caller
// passes as parameter i; returnsAt reads it at each call.
func paramKind(i int) string { return "$" + strconv.Itoa(i) }

// paramOfKind returns i for paramKind(i).
func paramOfKind(k string) (int, bool) {
	s, ok := strings.CutPrefix(k, "$")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(s)
	return i, err == nil
}

// returnsAt gives the kinds the object result of the call of fn may hold:
// fn's, with what the call passes for the parameters they name.
func (a *state) returnsAt(l *locals, call *ast.CallExpr, fn *types.Func, seen map[*types.Var]bool) []string {
	var out []string
	for _, k := range a.returns(fn) {
		i, isParam := paramOfKind(k)
		switch {
		case !isParam:
			out = append(out, k)
		case i < len(call.Args) && !call.Ellipsis.IsValid():
			out = append(out, a.kindsOf(l, call.Args[i], seen)...)
		}
	}
	return out
}

// returns gives the kinds the object result of fn (of the package, by its
// summary, or of another, by its fact) may hold, paramKind(i) for what its
// caller passes as parameter i; for an interface method, those of its
// implementations.
func (a *state) returns(fn *types.Func) []string {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	callees := []*types.Func{fn}
	if recognize.IsInterfaceMethod(fn) {
		callees = a.implementations(fn)
	}
	var out []string
	for _, c := range callees {
		if s := a.res.funcs[c]; s != nil {
			for k := range s.returns {
				out = append(out, k)
			}
		} else if f := a.external(c); f != nil {
			out = append(out, f.Returns...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// kindsOf returns the kinds the object (or slice of objects) e may hold:
// its static kind, else what the variables it reads are assigned
// (literals, the results of functions that return objects of known kinds,
// the elements appended to a slice, the elements of the slice a range
// variable takes), as far as they are known; sorted. seen ends cycles.
func (a *state) kindsOf(l *locals, e ast.Expr, seen map[*types.Var]bool) []string {
	info := a.pass.TypesInfo
	e = ast.Unparen(e)
	for {
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
			continue
		}
		if s, ok := e.(*ast.StarExpr); ok {
			e = ast.Unparen(s.X)
			continue
		}
		break
	}
	if k := objkind.Of(info.TypeOf(e)); k != "" {
		return []string{k}
	}
	if p := l.typeParamHolder(info.TypeOf(e)); p != nil {
		// A value of type T in func f[T client.Object](..., obj T): the
		// kinds passed for obj, which T stands for.
		return l.paramKinds(p)
	}
	var out []string
	switch x := e.(type) {
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || seen[v] || v.IsField() {
			return nil
		}
		seen[v] = true
		if _, isParam := l.params[v]; isParam {
			return l.paramKinds(v)
		}
		out = a.varKinds(l, v, seen)
	case *ast.CallExpr:
		out = a.callKinds(l, x, seen)
	case *ast.CompositeLit:
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			out = append(out, a.kindsOf(l, elt, seen)...)
		}
	case *ast.IndexExpr:
		out = append(out, a.kindsOf(l, x.X, seen)...)
	case *ast.SelectorExpr:
		// list.Items of a list whose kind is set at run time: the
		// list's variable holds its items' kinds (see unstructuredKinds).
		if x.Sel.Name == "Items" && recognize.RunTimeList(info.TypeOf(x.X)) {
			out = append(out, a.kindsOf(l, x.X, seen)...)
		}
	case *ast.TypeAssertExpr:
		// obj.(metav1.Object): an assertion to an interface keeps the
		// kinds obj has (to a kind, the static type says it).
		out = append(out, a.kindsOf(l, x.X, seen)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// varKinds returns the kinds of the local variable v: those set at run
// time, decoded from manifests, and those of every value it is assigned,
// given as an element, or ranged over.
func (a *state) varKinds(l *locals, v *types.Var, seen map[*types.Var]bool) []string {
	info := a.pass.TypesInfo
	out := slices.Concat(l.gvk[v], a.manifests.Kinds(v))
	for _, as := range slices.Concat(a.values.Assignments(v), a.values.Elements(v)) {
		switch {
		case as.Zero():
		case as.Value == nil:
			if rs, ok := as.Node.(*ast.RangeStmt); ok && rs.Value != nil && a.values.Var(rs.Value) == v {
				out = append(out, a.kindsOf(l, rs.X, seen)...)
			}
		case as.Multi:
			switch y := ast.Unparen(as.Value).(type) {
			case *ast.CallExpr:
				if fn := recognize.Callee(info, y); fn != nil {
					if i, ok := returnsObjects(fn); ok && i == as.Result {
						out = append(out, a.returnsAt(l, y, fn, seen)...)
					}
				}
			case *ast.IndexExpr, *ast.TypeAssertExpr:
				if as.Result == 0 { // obj, ok := m[k]; obj, ok := x.(T)
					out = append(out, a.kindsOf(l, y, seen)...)
				}
			}
		default:
			out = append(out, a.kindsOf(l, as.Value, seen)...)
		}
	}
	return out
}

// callKinds returns the kinds of what a call yields (a slice of its own,
// which the caller sorts): an append's elements, a conversion's operand,
// or a generator's results.
func (a *state) callKinds(l *locals, x *ast.CallExpr, seen map[*types.Var]bool) []string {
	info := a.pass.TypesInfo
	var out []string
	if b := recognize.Builtin(info, x); b != "" {
		if b == "append" {
			for _, arg := range x.Args {
				out = append(out, a.kindsOf(l, arg, seen)...)
			}
		}
		return out
	}
	if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
		if len(x.Args) == 1 {
			return slices.Clone(a.kindsOf(l, x.Args[0], seen)) // a conversion
		}
		return nil
	}
	if fn := recognize.Callee(info, x); fn != nil {
		if i, ok := returnsObjects(fn); ok && i == 0 {
			return slices.Clone(a.returnsAt(l, x, fn, seen))
		}
	}
	return nil
}

// unstructuredKinds records in l.gvk the kinds the function gives its
// unstructured variables: u.SetGroupVersionKind(gvk), u.SetAPIVersion(v)
// with u.SetKind(k), or a literal's "apiVersion" and "kind", from
// constants (also a variable or a local function that yields one of a few
// constants). Only Kubernetes' own groups, whose kinds have a package in
// k8s.io/api, are named.
func (a *state) unstructuredKinds(fi *funcInfo, l *locals) {
	info := a.pass.TypesInfo
	type parts struct{ versions, kinds []string }
	found := make(map[*types.Var]*parts)
	at := func(v *types.Var) *parts {
		if found[v] == nil {
			found[v] = new(parts)
		}
		return found[v]
	}
	for c := range fi.body.Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || len(n.Args) != 1 {
				continue
			}
			v := a.values.Var(sel.X)
			if v == nil || !recognize.KindSetAtRunTime(v.Type()) {
				continue
			}
			switch sel.Sel.Name {
			case "SetGroupVersionKind":
				for _, k := range a.gvkKinds(l, n.Args[0], 0) {
					at(v).kinds = append(at(v).kinds, "="+k)
				}
			case "SetAPIVersion":
				vs, _ := a.values.ConstStrings(n.Args[0])
				at(v).versions = append(at(v).versions, vs...)
			case "SetKind":
				ks, _ := a.values.ConstStrings(n.Args[0])
				at(v).kinds = append(at(v).kinds, ks...)
			}
		case *ast.CompositeLit:
			if !isUnstructured(info.TypeOf(n)) {
				continue
			}
			v := a.holderVar(c)
			if v == nil {
				continue
			}
			if obj := recognize.CompositeField(n, "Object"); obj != nil {
				if m, ok := ast.Unparen(obj).(*ast.CompositeLit); ok {
					for _, e := range m.Elts {
						kv, ok := e.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						key, _ := a.values.ConstStrings(kv.Key)
						val, _ := a.values.ConstStrings(kv.Value)
						switch {
						case slices.Equal(key, []string{"apiVersion"}):
							at(v).versions = append(at(v).versions, val...)
						case slices.Equal(key, []string{"kind"}):
							at(v).kinds = append(at(v).kinds, val...)
						}
					}
				}
			}
		}
	}
	for v, p := range found {
		var kinds []string
		for _, k := range p.kinds {
			if full, ok := strings.CutPrefix(k, "="); ok {
				kinds = append(kinds, itemKind(v, full))
				continue
			}
			slices.Sort(p.versions)
			if vs := slices.Compact(p.versions); len(vs) == 1 {
				if key := objkind.Builtin(vs[0], k); key != "" {
					kinds = append(kinds, itemKind(v, key))
				}
			}
		}
		slices.Sort(kinds)
		if kinds = slices.Compact(kinds); len(kinds) > 0 {
			l.gvk[v] = kinds
		}
	}
}

// holderVar returns the variable the value at c is assigned to as a whole
// (u := &unstructured.Unstructured{...}), or nil.
func (a *state) holderVar(c inspector.Cursor) *types.Var {
	n, p := c.Node(), c.Parent()
	if u, ok := p.Node().(*ast.UnaryExpr); ok && u.Op == token.AND {
		n, p = u, p.Parent()
	}
	switch x := p.Node().(type) {
	case *ast.AssignStmt:
		if i := slices.Index(x.Rhs, n.(ast.Expr)); i >= 0 && len(x.Lhs) == len(x.Rhs) {
			return a.values.Var(x.Lhs[i])
		}
	case *ast.ValueSpec:
		if i := slices.Index(x.Values, n.(ast.Expr)); i >= 0 && len(x.Names) == len(x.Values) {
			return a.values.Var(x.Names[i])
		}
	}
	return nil
}

// isUnstructured reports whether t is an object whose kind is set at run
// time (unstructured.Unstructured, metav1.PartialObjectMetadata), or a
// pointer to one; not a list.
func isUnstructured(t types.Type) bool {
	return recognize.KindSetAtRunTime(t) && !recognize.RunTimeList(t)
}

// itemKind returns the kind of the objects variable v holds when it is set
// the kind key: for a list whose kind is set at run time, that of its items
// (a "ConfigMapList" holds ConfigMaps), else key itself.
func itemKind(v *types.Var, key string) string {
	if recognize.RunTimeList(v.Type()) {
		return strings.TrimSuffix(key, "List")
	}
	return key
}

// gvkKinds returns the kinds a schema.GroupVersionKind expression names: a
// literal of constants, gv.WithKind("Kind") of a k8s.io/api package's
// SchemeGroupVersion or of a literal, schema.FromAPIVersionAndKind of
// constants, or a variable every value of which is one (a package-level
// GroupVersionKind, the range variable over a literal slice of them, and,
// in a query, a parameter of a function the package calls with one).
func (a *state) gvkKinds(l *locals, e ast.Expr, depth int) []string {
	if depth > 3 {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := a.pass.TypesInfo.Uses[x].(*types.Var); ok && !v.IsField() {
			return a.gvkVarKinds(l, v, depth)
		}
	case *ast.CompositeLit:
		if recognize.IsNamed(a.pass.TypesInfo.TypeOf(x), recognize.PkgSchema, "GroupVersionKind") {
			f := litFields(x, "Group", "Version", "Kind")
			ks, _ := a.values.ConstStrings(f["Kind"])
			return a.gvLitKinds(f, ks)
		}
	case *ast.CallExpr:
		return a.gvkCallKinds(x)
	}
	return nil
}

// gvkVarKinds returns the kinds of the GroupVersionKind variable v: what
// it is assigned, ranged over or, for a parameter in a query, passed.
func (a *state) gvkVarKinds(l *locals, v *types.Var, depth int) []string {
	var out []string
	if args, ok := a.values.Arguments(v); ok && l.query {
		// func (r *R) deleteAll(gvk schema.GroupVersionKind): the kinds
		// its callers pass, in a query (see locals.query).
		for _, arg := range args {
			ks := a.gvkKinds(l, arg.Expr, depth+1)
			if len(ks) == 0 {
				return nil
			}
			out = append(out, ks...)
		}
	}
	for _, as := range a.values.Assignments(v) {
		if rs, ok := as.Node.(*ast.RangeStmt); ok && rs.Value != nil && a.values.Var(rs.Value) == v {
			// for _, gvk := range []schema.GroupVersionKind{...}
			lit, ok := ast.Unparen(rs.X).(*ast.CompositeLit)
			if !ok {
				return nil
			}
			for _, elt := range lit.Elts {
				ks := a.gvkKinds(l, elt, depth+1)
				if len(ks) == 0 {
					return nil // one kind not known: none is
				}
				out = append(out, ks...)
			}
			continue
		}
		ks := a.gvkKinds(l, as.Single(), depth+1)
		if len(ks) == 0 {
			return nil
		}
		out = append(out, ks...)
	}
	return out
}

// gvLitKinds returns the built-in kinds ks of the group and version of a
// literal's fields f (a GroupVersionKind's or a GroupVersion's), or nil
// when one is not known.
func (a *state) gvLitKinds(f map[string]ast.Expr, ks []string) []string {
	g, _ := a.values.ConstStrings(f["Group"])
	v, _ := a.values.ConstStrings(f["Version"])
	if f["Group"] == nil {
		g = []string{""}
	}
	if len(g) != 1 || len(v) != 1 {
		return nil
	}
	var out []string
	for _, k := range ks {
		key := objkind.Builtin(joinGV(g[0], v[0]), k)
		if key == "" {
			return nil
		}
		out = append(out, key)
	}
	return out
}

// gvkCallKinds returns the kinds of a GroupVersionKind made by a call:
// schema.FromAPIVersionAndKind or a GroupVersion's WithKind.
func (a *state) gvkCallKinds(x *ast.CallExpr) []string {
	info := a.pass.TypesInfo
	if recognize.IsFunc(recognize.Callee(info, x), recognize.PkgSchema, "FromAPIVersionAndKind") && len(x.Args) == 2 {
		// schema.FromAPIVersionAndKind("apps/v1", "Deployment")
		vs, _ := a.values.ConstStrings(x.Args[0])
		ks, _ := a.values.ConstStrings(x.Args[1])
		if len(vs) != 1 || len(ks) != 1 {
			return nil
		}
		if key := objkind.Builtin(vs[0], ks[0]); key != "" {
			return []string{key}
		}
		return nil
	}
	sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "WithKind" || len(x.Args) != 1 {
		return nil
	}
	ks, _ := a.values.ConstStrings(x.Args[0])
	var obj types.Object
	switch gv := ast.Unparen(sel.X).(type) {
	case *ast.SelectorExpr:
		obj = info.Uses[gv.Sel]
	case *ast.Ident:
		obj = info.Uses[gv]
	case *ast.CompositeLit:
		return a.gvLitKinds(litFields(gv, "Group", "Version"), ks)
	}
	// appsv1.SchemeGroupVersion.WithKind("Deployment"),
	// v1.GroupVersion.WithKind("Volume") of a kubebuilder API package: the
	// kind's package is the variable's, when it declares the kind.
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	var out []string
	for _, k := range ks {
		if _, isType := v.Pkg().Scope().Lookup(k).(*types.TypeName); !isType && !recognize.PathUnder(v.Pkg().Path(), recognize.PkgAPI) {
			return nil
		}
		out = append(out, v.Pkg().Path()+"."+k)
	}
	return out
}

// litFields returns the values of the named keyed fields of a struct
// literal (or the positional ones, in the order given).
func litFields(lit *ast.CompositeLit, names ...string) map[string]ast.Expr {
	out := make(map[string]ast.Expr)
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				out[id.Name] = kv.Value
			}
		} else if i < len(names) {
			out[names[i]] = elt
		}
	}
	return out
}

func joinGV(group, version string) string {
	if group == "" {
		return version
	}
	return group + "/" + version
}
