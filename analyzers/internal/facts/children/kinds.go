package children

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/gvk"
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
		} else if f := fieldOf(info, x); f != nil {
			out = append(out, a.fieldKinds(f)...)
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
// unstructured variables (see gvk.Reader.Objects) when each has a kind
// key: Kubernetes' own kinds, and those named with their API package's
// GroupVersion.
func (a *state) unstructuredKinds(fi *funcInfo, l *locals) {
	if fi.decl.Body == nil {
		return
	}
	r := gvk.Reader{Info: a.pass.TypesInfo, Values: a.values, Callers: l.query}
	for v, named := range r.Objects(fi.decl.Body) {
		var kinds []string
		for _, n := range named {
			key := n.Key()
			if key == "" {
				kinds = nil // one kind not known: none is
				break
			}
			kinds = append(kinds, key)
		}
		slices.Sort(kinds)
		if kinds = slices.Compact(kinds); len(kinds) > 0 {
			l.gvk[v] = kinds
		}
	}
}
