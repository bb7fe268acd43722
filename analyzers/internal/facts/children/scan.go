package children

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/clients"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// locals is what a function's body says about its variables.
type locals struct {
	fi *funcInfo
	// recv is the method's receiver, or nil.
	recv   *types.Var
	params map[*types.Var]int
	// refVars memoizes isRefVar: variables assigned a controller
	// OwnerReference (false while being decided, which ends cycles).
	refVars map[*types.Var]bool
	// metaOf maps a metav1.ObjectMeta variable to the kinds of the objects
	// it becomes the metadata of (&T{ObjectMeta: meta}, t.ObjectMeta =
	// meta): an owner set on the variable is set on them.
	metaOf map[*types.Var][]string
	// gvk maps an unstructured variable to the kinds the function gives it
	// (see unstructuredKinds).
	gvk map[*types.Var][]string
	// query marks the locals of Result.KindsOf's queries, which read what
	// a function's callers pass for its parameters: callerKinds gives the
	// kinds of objects they pass (nil when one is not known), and a
	// GroupVersionKind parameter names what they pass (see gvkKinds).
	// Summaries leave both unset, so that they stay what the function does
	// for any caller.
	query       bool
	callerKinds func(*types.Var) []string
	// symbolic marks the locals of a summary of what a function returns:
	// a parameter's kinds are paramKind(i), for each call to fill in.
	symbolic bool
}

// paramKinds returns the kinds of objects parameter v may hold: in a
// query, what the callers pass; in a summary of results, paramKind of its
// index; else none known.
func (l *locals) paramKinds(v *types.Var) []string {
	switch {
	case l.callerKinds != nil:
		return l.callerKinds(v)
	case l.symbolic:
		return []string{paramKind(l.params[v])}
	}
	return nil
}

// typeParamHolder returns the parameter of l's function whose type is t's
// when t is a type parameter of the function (or a slice or map of one) and
// a parameter has that type parameter as its own type or its elements':
// in f[T client.Object](ctx, proto T), values of type T are taken to be of
// proto's kind. It returns nil otherwise.
func (l *locals) typeParamHolder(t types.Type) *types.Var {
	tp, ok := types.Unalias(objkind.ElemType(t)).(*types.TypeParam)
	if !ok {
		return nil
	}
	var found *types.Var
	for v, i := range l.params {
		if types.Identical(types.Unalias(objkind.ElemType(v.Type())), tp) && (found == nil || i < l.params[found]) {
			found = v
		}
	}
	return found
}

// returnsOwnerRef reports whether fn's first result is an OwnerReference,
// a pointer to one or a slice of them.
func returnsOwnerRef(fn *types.Func) bool {
	rs := recognize.ResultTypes(fn)
	if len(rs) == 0 {
		return false
	}
	t := rs[0]
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = s.Elem()
	}
	return recognize.IsNamedOrPointer(t, recognize.PkgMetaV1, "OwnerReference")
}

// buildLocals reads fi's locals, for its summary or, when query is set,
// for Result.KindsOf (see locals.query).
func (a *state) buildLocals(fi *funcInfo, query bool) *locals {
	info := a.pass.TypesInfo
	l := &locals{
		fi:      fi,
		query:   query,
		params:  make(map[*types.Var]int),
		refVars: make(map[*types.Var]bool),
		metaOf:  make(map[*types.Var][]string),
		gvk:     make(map[*types.Var][]string),
	}
	for obj, i := range recognize.ParamIndexes(info, fi.decl.Type) {
		if v, ok := obj.(*types.Var); ok {
			l.params[v] = i
		}
	}
	if fi.decl.Recv != nil && len(fi.decl.Recv.List) == 1 && len(fi.decl.Recv.List[0].Names) == 1 {
		l.recv, _ = info.Defs[fi.decl.Recv.List[0].Names[0]].(*types.Var)
	}
	becomes := func(meta ast.Expr, kind string) {
		if v, ok := info.ObjectOf(identOf(meta)).(*types.Var); ok && kind != "" && isObjectMeta(v.Type()) && !slices.Contains(l.metaOf[v], kind) {
			l.metaOf[v] = append(l.metaOf[v], kind)
		}
	}
	for c := range fi.body.Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CompositeLit:
			kind := objkind.Of(info.TypeOf(n))
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "ObjectMeta" {
						becomes(kv.Value, kind)
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, lhs := range n.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
						becomes(n.Rhs[i], objkind.Of(info.TypeOf(sel.X)))
					}
					// meta := &obj.ObjectMeta: what is set through meta
					// is set on obj.
					if u, ok := ast.Unparen(n.Rhs[i]).(*ast.UnaryExpr); ok && u.Op == token.AND {
						if sel, ok := ast.Unparen(u.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
							becomes(lhs, objkind.Of(info.TypeOf(sel.X)))
						}
					}
				}
			}
		}
	}
	a.unstructuredKinds(fi, l)
	return l
}

// identOf returns the identifier e is, in parentheses or not, dereferenced
// or not, or nil.
func identOf(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
}

// isRefVar reports whether a value assigned to v (the first result of a
// multi-value assignment: ref, err := ...) is a controller OwnerReference.
func (a *state) isRefVar(l *locals, v *types.Var) bool {
	if known, ok := l.refVars[v]; ok {
		return known
	}
	l.refVars[v] = false
	for _, as := range a.values.Assignments(v) {
		if as.Value != nil && as.Result == 0 && a.isControllerRef(l, as.Value) {
			l.refVars[v] = true
			return true
		}
	}
	return false
}

// isControllerRef reports whether e holds a controller OwnerReference:
// metav1.NewControllerRef, ownership.NewControllerRef, a literal with
// Controller set to true (as recognize reads it), a function known to return
// one, or a variable assigned one.
func (a *state) isControllerRef(l *locals, e ast.Expr) bool {
	return a.holdsRef(e, refTest{
		call: func(call *ast.CallExpr) bool {
			return recognize.IsControllerOwnerRef(a.pass.TypesInfo, call, a.vals) || a.returnsRef(call, true)
		},
		lit:   func(_ *ast.CompositeLit, o recognize.OwnerRefLit) bool { return o.Controller == recognize.True },
		ident: func(v *types.Var) bool { return a.isRefVar(l, v) },
	})
}

// isPlainRef reports whether e holds an owner reference that is not a
// controller reference: an OwnerReference literal without Controller (or
// with Controller false), a function known to return one, or a variable
// given one once.
func (a *state) isPlainRef(l *locals, e ast.Expr) bool {
	return a.holdsRef(e, refTest{
		call: func(call *ast.CallExpr) bool { return a.returnsRef(call, false) },
		lit: func(lit *ast.CompositeLit, o recognize.OwnerRefLit) bool {
			// An empty literal is a zero value (a "none" result), not
			// a reference.
			return len(lit.Elts) > 0 && (o.Controller == recognize.Absent || o.Controller == recognize.False)
		},
		ident: func(v *types.Var) bool {
			if !recognize.IsOwnerReference(v.Type()) {
				return false
			}
			x := a.values.Sole(v)
			return x != nil && a.isPlainRef(l, x)
		},
	})
}

// A refTest says which owner references holdsRef looks for: in a call, in
// an OwnerReference literal, in a variable.
type refTest struct {
	call  func(*ast.CallExpr) bool
	lit   func(*ast.CompositeLit, recognize.OwnerRefLit) bool
	ident func(*types.Var) bool
}

// holdsRef reports whether e holds an owner reference that t finds: in
// e's calls, OwnerReference literals (not looked into) or variables,
// outside function literals.
func (a *state) holdsRef(e ast.Expr, t refTest) bool {
	info := a.pass.TypesInfo
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = t.call(n)
		case *ast.CompositeLit:
			if o, ok := recognize.AsOwnerRefLit(info, n, a.vals); ok {
				found = t.lit(n, o)
				return false
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok {
				found = t.ident(v)
			}
		}
		return !found
	})
	return found
}

// returnsRef reports whether call calls a function that returns a
// controller owner reference (controller), or a plain one: by the
// package's summaries or another package's fact.
func (a *state) returnsRef(call *ast.CallExpr, controller bool) bool {
	for _, fn := range a.refCallees(recognize.Callee(a.pass.TypesInfo, call)) {
		if s := a.res.funcs[fn]; s != nil && (controller && s.controllerRef || !controller && s.ownerRef) {
			return true
		}
		if f := a.external(fn); f != nil && (controller && f.ControllerRef || !controller && f.OwnerRef) {
			return true
		}
	}
	return false
}

// plainBlocks reports whether the plain owner reference e sets
// blockOwnerDeletion, or may: a literal that sets it to true or to a value
// not known, a helper that returns such a reference, or anything the
// analysis cannot see into.
func (a *state) plainBlocks(l *locals, e ast.Expr) bool {
	info := a.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if o, ok := recognize.AsOwnerRefLit(info, x, a.vals); ok {
			return o.BlockOwnerDeletion != recognize.Absent && o.BlockOwnerDeletion != recognize.False
		}
		// []metav1.OwnerReference{ref, ...}: whether any of them does.
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if a.plainBlocks(l, elt) {
				return true
			}
		}
		return false
	case *ast.UnaryExpr:
		return a.plainBlocks(l, x.X)
	case *ast.StarExpr:
		return a.plainBlocks(l, x.X)
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			if y := a.values.Sole(v); y != nil {
				return a.plainBlocks(l, y)
			}
		}
	case *ast.CallExpr:
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "append" {
			for _, arg := range x.Args[min(1, len(x.Args)):] {
				if a.plainBlocks(l, arg) {
					return true
				}
			}
			return false
		}
		if fn := recognize.Callee(info, x); fn != nil {
			if s := a.res.funcs[fn]; s != nil && s.ownerRef {
				return s.refBlocks
			}
			if f := a.external(fn); f != nil && f.OwnerRef {
				return f.RefBlocks
			}
		}
	}
	return true
}

// optionsMayBlock reports whether the options of a
// controllerutil.SetOwnerReference call may set blockOwnerDeletion:
// WithBlockOwnerDeletion of anything but a constant false, or an option
// the analysis cannot see into.
func (a *state) optionsMayBlock(opts []ast.Expr) bool {
	info := a.pass.TypesInfo
	for _, o := range opts {
		call, ok := ast.Unparen(o).(*ast.CallExpr)
		if !ok || !recognize.KeyIs(recognize.CallKey(info, call), recognize.PkgControllerutil, "WithBlockOwnerDeletion") || len(call.Args) != 1 {
			return true
		}
		if a.vals.Bool(call.Args[0]) != recognize.False {
			return true
		}
	}
	return false
}

// ownerOf returns the owner given to the NewControllerRef call in e, or
// the object whose UID an OwnerReference literal in e takes (UID: o.UID,
// o.GetUID()), or the owner of the reference a helper returns, or an
// unknown reference.
func (a *state) ownerOf(l *locals, e ast.Expr) ref {
	info := a.pass.TypesInfo
	out := ref{param: -1}
	known := func() bool { return out.kind != "" || out.param >= 0 }
	// helper sets out to the owner of the reference call returns.
	helper := func(call *ast.CallExpr) {
		switch p, kind := a.refOwner(call); {
		case p >= 0 && p < len(call.Args):
			out = a.objRef(l, call.Args[p]) // OwnerRef(owner, scheme)
		case p == refOwnerRecv:
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				out = a.objRef(l, sel.X) // cr.AsOwner(), cr an interface
			}
		case kind != "":
			out = ref{kind: kind, param: -1} // OwnerRef(app *App)
		}
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if known() {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			key := recognize.CallKey(info, n)
			if (recognize.KeyIs(key, recognize.PkgMetaV1, "NewControllerRef") || recognize.KeyIs(key, pathOwnership, "NewControllerRef")) && len(n.Args) > 0 {
				out = a.objRef(l, n.Args[0])
			} else {
				helper(n)
			}
		case *ast.Ident:
			// ref, err := OwnerRef(owner, scheme); ... append(refs, ref)
			if v, ok := info.Uses[n].(*types.Var); ok {
				for _, as := range a.values.Assignments(v) {
					if call, ok := ast.Unparen(as.Value).(*ast.CallExpr); ok && as.Result == 0 {
						if helper(call); known() {
							break
						}
					}
				}
				if !known() {
					out = a.assignedOwner(l, v)
				}
			}
		case *ast.CompositeLit:
			if !recognize.IsNamed(info.TypeOf(n), recognize.PkgMetaV1, "OwnerReference") {
				return true
			}
			if uid := recognize.CompositeField(n, "UID"); uid != nil {
				v := ast.Unparen(uid)
				if call, ok := v.(*ast.CallExpr); ok && len(call.Args) == 0 {
					v = call.Fun // o.GetUID()
				}
				if sel, ok := v.(*ast.SelectorExpr); ok && (sel.Sel.Name == "UID" || sel.Sel.Name == "GetUID") {
					out = a.objRef(l, sel.X)
				}
			}
		}
		return true
	})
	return out
}

// assignedOwner returns the owner that every value assigned to the owner
// reference variable v names: ref := metav1.OwnerReference{..., UID:
// o.UID}, ref := *metav1.NewControllerRef(o, gvk), refs =
// []metav1.OwnerReference{{...}} after var refs []metav1.OwnerReference,
// refs = append(refs, metav1.OwnerReference{...}). A declaration without a
// value, nil or an empty literal (refs := []metav1.OwnerReference{}) holds
// no reference; values that name different owners name none. Another
// variable (refs = append(refs, ref), refs = other) names the owner that
// variable's values name; one that leads back to a variable being
// followed (refs[0], while following refs) names none.
func (a *state) assignedOwner(l *locals, v *types.Var) ref {
	unknown := ref{param: -1}
	if a.values.Addressed(v) || a.ownerVars[v] {
		return unknown
	}
	a.ownerVars[v] = true
	defer delete(a.ownerVars, v)
	info := a.pass.TypesInfo
	var out *ref
	name := func(e ast.Expr) bool {
		if !recognize.CarriesOwnerReference(info.TypeOf(e)) {
			return false
		}
		o := a.ownerOf(l, e)
		switch {
		case o.kind == "" && o.param < 0 && o.recvField == "":
			return false
		case out == nil:
			out = &o
			return true
		}
		return sameObject(*out, o)
	}
	for _, as := range a.values.Assignments(v) {
		x := as.Single()
		if as.Zero() || x != nil && (recognize.IsNil(info, x) || isEmptyLit(x)) {
			continue
		}
		if x == nil {
			return unknown
		}
		if call, ok := ast.Unparen(x).(*ast.CallExpr); ok && recognize.IsAppend(info, call) && len(call.Args) > 0 && !call.Ellipsis.IsValid() {
			if id, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok && info.Uses[id] == v {
				for _, arg := range call.Args[1:] {
					if !name(arg) {
						return unknown
					}
				}
				continue
			}
		}
		if !name(x) {
			return unknown
		}
	}
	if out == nil {
		return unknown
	}
	return *out
}

// isEmptyLit reports whether e is a composite literal without elements.
func isEmptyLit(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	return ok && len(lit.Elts) == 0
}

// sameObject reports whether two refs name the same object: the same
// kind, or the same parameter or receiver field.
func sameObject(x, y ref) bool {
	return x.kind == y.kind && x.param == y.param && x.field == y.field && x.recvField == y.recvField && len(x.alts) == 0 && len(y.alts) == 0
}

// refOwner returns, for the controller reference returned by call's
// callee (a function of the package or with a fact), the index of the
// parameter whose object owns it, or -1 and the owner's kind when the
// callee knows it, or -1 and "".
func (a *state) refOwner(call *ast.CallExpr) (int, string) {
	fn := recognize.Callee(a.pass.TypesInfo, call)
	if fn == nil {
		return -1, ""
	}
	if recognize.IsInterfaceMethod(fn) {
		return a.interfaceRefOwner(fn)
	}
	if s := a.res.funcs[fn]; s != nil {
		if s.controllerRef || s.ownerRef {
			return s.refOwner, s.refKind
		}
		return -1, ""
	}
	if f := a.external(fn); f != nil && (f.ControllerRef || f.OwnerRef) {
		return f.RefOwner - 1, f.RefOwnerKind
	}
	return -1, ""
}

// refOwnerRecv is what refOwner returns for a method called through an
// interface whose implementations each return a reference to their own
// receiver (cr.AsOwner()): the owner is the call's receiver.
const refOwnerRecv = -2

// interfaceRefOwner is refOwner for an interface method m: refOwnerRecv
// when every implementation that returns an owner reference names its own
// receiver's kind as the owner, else -1.
func (a *state) interfaceRefOwner(m *types.Func) (int, string) {
	if r := a.methodRefs(a.implementations(m)); r.found && r.self {
		return refOwnerRecv, ""
	}
	return -1, ""
}

// refsOfMethods is what the implementations of one method that return an
// owner reference return.
type refsOfMethods struct {
	found      bool // some return one
	controller bool // each returns a controller reference
	blocks     bool // a plain one of them sets blockOwnerDeletion, or may
	self       bool // each names its own receiver's kind as the owner
}

// methodRefs says what the references returned by fns, methods of the
// package or with a fact, are.
func (a *state) methodRefs(fns []*types.Func) refsOfMethods {
	r := refsOfMethods{controller: true, self: true}
	for _, fn := range fns {
		var param int
		var kind string
		var ctrl, plain, blocks bool
		if s := a.res.funcs[fn]; s != nil && fn.Pkg() == a.pass.Pkg {
			param, kind, ctrl, plain, blocks = s.refOwner, s.refKind, s.controllerRef, s.ownerRef, s.refBlocks
		} else if f := a.external(fn); f != nil {
			param, kind, ctrl, plain, blocks = f.RefOwner-1, f.RefOwnerKind, f.ControllerRef, f.OwnerRef, f.RefBlocks
		}
		if !ctrl && !plain {
			continue
		}
		r.found = true
		r.controller = r.controller && ctrl
		r.blocks = r.blocks || plain && blocks
		r.self = r.self && param < 0 && kind != "" && kind == objkind.Of(recognize.Receiver(fn))
	}
	return r
}

// methodRefOf returns the parameter and the method when e is a call of an
// interface method that returns owner references on a parameter (cr.AsOwner())
// and none of the method's implementations the package sees returns one:
// the kinds of another package implement it, and each caller knows which
// (RefParam.Method). It returns -1 otherwise.
func (a *state) methodRefOf(l *locals, e ast.Expr) (int, string) {
	info := a.pass.TypesInfo
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) > 0 {
		return -1, ""
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !sel.Sel.IsExported() {
		return -1, ""
	}
	fn := recognize.Callee(info, call)
	if fn == nil || !recognize.IsInterfaceMethod(fn) || !recognize.CarriesOwnerReference(info.TypeOf(call)) || a.methodRefs(a.implementations(fn)).found {
		return -1, ""
	}
	if r := a.objRef(l, sel.X); r.param >= 0 && r.field == "" && r.kind == "" {
		return r.param, fn.Name()
	}
	return -1, ""
}

// refArgOf returns the owner reference that the call c hands the callee's
// RefParam rp: the argument itself, or what the argument's method returns,
// known by the argument's type (or handed on to the caller's callers when
// the argument is the caller's parameter).
func (a *state) refArgOf(c *callEvent, rp RefParam) *orefInfo {
	if rp.Method == "" {
		return refArg(c.args, rp.Ref)
	}
	obj := arg(c.args, rp.Ref, "")
	if obj.param >= 0 && obj.field == "" && obj.kind == "" {
		return &orefInfo{param: obj.param, method: rp.Method}
	}
	if rp.Ref >= len(c.argTypes) || c.argTypes[rp.Ref] == nil {
		return nil
	}
	m, ok := lookupMethod(c.argTypes[rp.Ref], rp.Method)
	if !ok {
		return nil
	}
	r := a.methodRefs(a.refCallees(m))
	if !r.found {
		return nil
	}
	o := &orefInfo{controller: r.controller, blocks: !r.controller && r.blocks, owner: ref{param: -1}, param: -1}
	if r.self {
		o.owner = obj
	}
	return o
}

// lookupMethod returns the exported method name of t (or *t).
func lookupMethod(t types.Type, name string) (*types.Func, bool) {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	fn, ok := obj.(*types.Func)
	return fn, ok
}

// refCallees returns the functions a call of fn runs that may return an
// owner reference: fn, or the implementations of an interface method.
func (a *state) refCallees(fn *types.Func) []*types.Func {
	if fn == nil {
		return nil
	}
	if recognize.IsInterfaceMethod(fn) {
		return a.implementations(fn)
	}
	return []*types.Func{fn}
}

// returnedOwner returns the parameter whose object owns the controller
// reference fi returns, when every return of one says so, or -1 and the
// owner's kind, when every return names one of that kind; or -1 and "".
func (a *state) returnedOwner(fi *funcInfo) (param int, kind string) {
	l := a.buildLocals(fi, false)
	param, mixed := -1, false
	ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 || !a.isControllerRef(l, n.Results[0]) && !a.isPlainRef(l, n.Results[0]) {
				return true
			}
			switch o := a.ownerOf(l, n.Results[0]); {
			case o.param >= 0 && o.field == "" && kind == "" && (param < 0 || o.param == param):
				param = o.param
			case o.param < 0 && o.kind != "" && len(o.alts) == 0 && param < 0 && (kind == "" || o.kind == kind):
				kind = o.kind
			default:
				mixed = true
				return false
			}
		}
		return true
	})
	if mixed {
		return -1, ""
	}
	return param, kind
}

// anyRef reports whether a function returning OwnerReferences returns,
// on some path, a reference is (isControllerRef or isPlainRef) accepts.
func (a *state) anyRef(fi *funcInfo, is func(*locals, ast.Expr) bool) bool {
	l := a.buildLocals(fi, false)
	found := false
	ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 && is(l, n.Results[0]) {
				found = true
			}
		}
		return !found
	})
	return found
}

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

// isDryRun reports whether the options among args make the call a dry run
// (client.DryRunAll, or options whose DryRun field is set, as
// metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}}): the API server
// validates the object and keeps nothing, so nothing is created.
func isDryRun(info *types.Info, args []ast.Expr) bool {
	for _, e := range args {
		if recognize.IsPackageVar(info, e, recognize.PkgClient, "DryRunAll") {
			return true
		}
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		lit, ok := e.(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "DryRun" && !recognize.IsNil(info, kv.Value) {
					return true
				}
			}
		}
	}
	return false
}

// isApplyPatch reports whether e is a server-side apply patch for a
// controller-runtime client: client.Apply, client.RawPatch of
// types.ApplyPatchType, or a value of a type of the package whose Type
// method returns types.ApplyPatchType.
func (a *state) isApplyPatch(e ast.Expr) bool {
	info := a.pass.TypesInfo
	if recognize.IsPackageVar(info, e, recognize.PkgClient, "Apply") {
		return true
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) > 0 &&
		recognize.IsFunc(recognize.Callee(info, call), recognize.PkgClient, "RawPatch") {
		return a.isApplyPatchType(call.Args[0])
	}
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	m, _, _ := types.LookupFieldOrMethod(t, true, a.pass.Pkg, "Type")
	fn, ok := m.(*types.Func)
	if !ok || fn.Pkg() != a.pass.Pkg {
		return false
	}
	fi := a.byFunc[fn.Origin()]
	if fi == nil {
		return false
	}
	found := false
	for c := range fi.body.Preorder((*ast.ReturnStmt)(nil)) {
		ret := c.Node().(*ast.ReturnStmt)
		if len(ret.Results) == 1 && a.isApplyPatchType(ret.Results[0]) {
			found = true
		}
	}
	return found
}

// isApplyPatchType reports whether e is the constant types.ApplyPatchType
// (its value, application/apply-patch+yaml).
func (a *state) isApplyPatchType(e ast.Expr) bool {
	tv, ok := a.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String &&
		strings.HasPrefix(constant.StringVal(tv.Value), "application/apply-patch")
}

// applyOwnerRef reports whether e is an owner reference apply
// configuration (metav1ac.OwnerReference().WithController(true)...,
// directly or through a variable), whether it is a controller reference,
// and its owner (the object whose UID WithUID takes).
func (a *state) applyOwnerRef(l *locals, e ast.Expr) (ok, controller, blocks bool, owner ref) {
	info := a.pass.TypesInfo
	owner = ref{param: -1}
	if !recognize.IsNamedOrPointer(info.TypeOf(e), recognize.PkgApplyConfigs+"/meta/v1", "OwnerReferenceApplyConfiguration") {
		return false, false, false, owner
	}
	for depth := 0; depth < 32; depth++ {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, isVar := info.Uses[x].(*types.Var)
			if !isVar {
				return true, controller, blocks, owner
			}
			next := a.values.Sole(v)
			if next == nil {
				return true, controller, blocks, owner
			}
			e = next
			continue
		case *ast.CallExpr:
			sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !isSel {
				return true, controller, blocks, owner
			}
			switch {
			case sel.Sel.Name == "WithController" && len(x.Args) == 1:
				if a.vals.Bool(x.Args[0]) == recognize.True {
					controller = true
				}
			case sel.Sel.Name == "WithBlockOwnerDeletion" && len(x.Args) == 1:
				blocks = a.vals.Bool(x.Args[0]) != recognize.False
			case sel.Sel.Name == "WithUID" && len(x.Args) == 1 && owner.kind == "" && owner.param < 0:
				u := ast.Unparen(x.Args[0])
				if c, isCall := u.(*ast.CallExpr); isCall && len(c.Args) == 0 {
					u = c.Fun // o.GetUID()
				}
				if s, isSel := u.(*ast.SelectorExpr); isSel && (s.Sel.Name == "UID" || s.Sel.Name == "GetUID") {
					owner = a.objRef(l, s.X)
				}
			}
			e = sel.X
			continue
		}
		break
	}
	return true, controller, blocks, owner
}

// scanEvents records the events of fi's body.
func (a *state) scanEvents(fi *funcInfo) {
	info := a.pass.TypesInfo
	l := a.buildLocals(fi, false)
	add := func(ev event) { fi.events = append(fi.events, ev) }
	owned := func(at ast.Node, child, owner ref, plain, blocks bool) {
		add(event{node: at, owned: &ownEvent{child: child, owner: owner, plain: plain, blocks: blocks, refParam: -1}})
	}
	// An object given plain references in several places of the function
	// may have several owners: one of them is not known.
	plainOn := make(map[*types.Var]bool)
	several := func(at ast.Node, obj ast.Expr, child ref) {
		v := a.values.Var(recognize.StripAddr(obj))
		if v == nil {
			return
		}
		if plainOn[v] {
			owned(at, child, ref{param: -1}, true, false)
		}
		plainOn[v] = true
	}
	// refd records child given the owner reference e holds: a controller
	// or plain reference, or an owner reference parameter.
	refd := func(at ast.Node, obj ast.Expr, child ref, e ast.Expr) {
		if ctrl := a.isControllerRef(l, e); ctrl || a.isPlainRef(l, e) {
			owned(at, child, a.ownerOf(l, e), !ctrl, !ctrl && a.plainBlocks(l, e))
			if !ctrl && obj != nil {
				several(at, obj, child)
			}
		} else if i := a.refParamOf(l, e); i >= 0 {
			add(event{node: at, owned: &ownEvent{child: child, refParam: i}})
		} else if i, m := a.methodRefOf(l, e); i >= 0 {
			add(event{node: at, owned: &ownEvent{child: child, refParam: i, refMethod: m}})
		}
	}
	made := func(at ast.Node, obj ast.Expr) {
		r := a.objRef(l, obj)
		add(event{node: at, made: &r})
	}
	// The functions called by name: their calls are events with the
	// arguments; any other use of a function (a function value passed on)
	// is an event without them.
	called := make(map[*ast.Ident]bool)
	for c := range fi.body.Preorder((*ast.Ident)(nil), (*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil), (*ast.CallExpr)(nil)) {
		switch n := c.Node().(type) {
		case *ast.Ident:
			if called[n] {
				break
			}
			if fn, ok := info.Uses[n].(*types.Func); ok {
				if fn = fn.Origin(); a.res.funcs[fn] != nil {
					add(event{node: n, call: &callEvent{fn: fn}})
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				continue
			}
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "OwnerReferences" || !isMetaField(info, sel) {
					continue
				}
				if isNil(info, n.Rhs[i]) {
					add(event{node: n, disowned: &disownEvent{child: a.objRef(l, sel.X), all: true}})
					continue
				}
				refd(n, sel.X, a.objRef(l, sel.X), n.Rhs[i])
			}
		case *ast.CompositeLit:
			if meta := objectMetaOf(info, n); meta != nil {
				for _, elt := range meta.Elts {
					kv, ok := elt.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != "OwnerReferences" {
						continue
					}
					refd(n, nil, ref{kind: objkind.Of(info.TypeOf(n)), param: -1}, kv.Value)
				}
			}
		case *ast.CallExpr:
			if id := values.CalleeIdent(n.Fun); id != nil {
				called[id] = true
			}
			a.scanCall(l, n, sinks{owned, refd, several, made, add})
		}
	}
}

// sinks are where scanEvents records what a call does (see scanEvents).
type sinks struct {
	owned   func(ast.Node, ref, ref, bool, bool)
	refd    func(ast.Node, ast.Expr, ref, ast.Expr)
	several func(ast.Node, ast.Expr, ref)
	made    func(ast.Node, ast.Expr)
	add     func(event)
}

// scanCall records in out what call does: a library helper that sets an
// owner reference or creates, a write through a client, an owner
// reference setter, or a call of a function that does any of these.
func (a *state) scanCall(l *locals, call *ast.CallExpr, out sinks) {
	if a.scanLibraryCall(l, call, out) {
		return
	}
	fn := recognize.Callee(a.pass.TypesInfo, call)
	if fn == nil || a.scanWrite(fn, call, out) || a.scanRefsSetter(l, fn, call, out) {
		return
	}
	a.scanHelperCall(l, fn, call, out)
}

// scanLibraryCall records a call of controllerutil's or the runtime's
// helpers that set owner references and create children, and reports
// whether call is one.
func (a *state) scanLibraryCall(l *locals, call *ast.CallExpr, out sinks) bool {
	key := recognize.CallKey(a.pass.TypesInfo, call)
	args := call.Args
	switch {
	case recognize.KeyIs(key, recognize.PkgControllerutil, "SetControllerReference") || recognize.KeyIs(key, pathOwnership, "SetControllerReference"):
		if len(args) >= 2 {
			out.owned(call, a.objRef(l, args[1]), a.objRef(l, args[0]), false, false)
		}
	case recognize.KeyIs(key, recognize.PkgControllerutil, "SetOwnerReference"):
		if len(args) >= 2 {
			child := a.objRef(l, args[1])
			out.owned(call, child, a.objRef(l, args[0]), true, len(args) > 3 && a.optionsMayBlock(args[3:]))
			out.several(call, args[1], child)
		}
	case recognize.KeyIs(key, pathOwnership, "EnsureChild"):
		if len(args) >= 4 {
			out.owned(call, a.objRef(l, args[3]), a.objRef(l, args[2]), false, false)
			if !a.remote(args[1]) {
				out.made(call, args[3])
			}
		}
	case recognize.KeyIs(key, recognize.PkgControllerutil, "RemoveControllerReference"), recognize.KeyIs(key, recognize.PkgControllerutil, "RemoveOwnerReference"):
		if len(args) >= 2 {
			all := recognize.KeyIs(key, recognize.PkgControllerutil, "RemoveOwnerReference")
			out.add(event{node: call, disowned: &disownEvent{child: a.objRef(l, args[1]), all: all}})
		}
	case recognize.KeyIs(key, recognize.PkgControllerutil, "CreateOrUpdate") || recognize.KeyIs(key, recognize.PkgControllerutil, "CreateOrPatch"):
		if len(args) >= 3 && !a.remote(args[1]) {
			out.made(call, args[2])
		}
	default:
		return false
	}
	return true
}

// scanWrite records the object a client call of fn creates or applies
// (controller-runtime's client, or a typed clientset's), and reports
// whether call is a client call.
func (a *state) scanWrite(fn *types.Func, call *ast.CallExpr, out sinks) bool {
	info := a.pass.TypesInfo
	args := call.Args
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if cc, ok := recognize.AsClientCall(info, call); ok {
		if cc.Status || cc.Object == nil || sel != nil && a.remote(sel.X) || isDryRun(info, args) {
			return true // a dry run is validated by the API server, not created
		}
		switch {
		case cc.Method == "Create", cc.Method == "Apply":
			out.made(call, cc.Object)
		case cc.Method == "Patch" && len(args) >= 3 && a.isApplyPatch(args[2]):
			out.made(call, cc.Object)
		}
		return true
	}
	// A typed clientset's (clientset.AppsV1().StatefulSets(ns)).
	tc, ok := recognize.AsTypedCall(info, call)
	if !ok || tc.Lister {
		return false
	}
	if sel != nil && a.remote(sel.X) || isDryRun(info, args) {
		return true
	}
	switch {
	case (tc.Method == "Create" || tc.Method == "Apply") && tc.Object != nil:
		// Update, as a controller-runtime client's, writes an object that
		// exists: the operator's own (created here too) or one made by
		// others (a StatefulSet's volume claims it resizes).
		out.made(call, tc.Object)
	case tc.Method == "Patch" && len(args) >= 3 && a.isApplyPatchType(args[2]):
		r := ref{kind: objkind.Of(tc.Type), param: -1}
		out.add(event{node: call, made: &r})
	}
	return true
}

// scanRefsSetter records the owner references a call of an object's
// SetOwnerReferences, or of an apply configuration's WithOwnerReferences,
// sets, and reports whether call is one.
func (a *state) scanRefsSetter(l *locals, fn *types.Func, call *ast.CallExpr, out sinks) bool {
	args := call.Args
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	switch {
	case fn.Name() == "SetOwnerReferences" && len(args) == 1:
		switch {
		case sel == nil:
		case isNil(a.pass.TypesInfo, args[0]):
			out.add(event{node: call, disowned: &disownEvent{child: a.objRef(l, sel.X), all: true}})
		default:
			out.refd(call, sel.X, a.objRef(l, sel.X), args[0])
		}
	case fn.Name() == "WithOwnerReferences" && objkind.Of(recognize.Receiver(fn)) != "":
		// An apply configuration's owner references.
		for _, arg := range args {
			if ok, ctrl, blocks, owner := a.applyOwnerRef(l, arg); ok && sel != nil {
				// At the method: the call starts where its chain does.
				out.owned(sel.Sel, a.objRef(l, sel.X), owner, !ctrl, blocks)
			}
		}
	default:
		return false
	}
	return true
}

// scanHelperCall records a call of fn, a function of the package or one
// imported with a fact: what it does is applied from its summary (see
// apply).
func (a *state) scanHelperCall(l *locals, fn *types.Func, call *ast.CallExpr, out sinks) {
	info := a.pass.TypesInfo
	callees := []*types.Func{fn}
	if recognize.IsInterfaceMethod(fn) {
		// A method called through an interface does what any
		// implementation the package or its dependencies has does.
		callees = a.implementations(fn)
	}
	// Only the package's functions and imported ones with a fact do
	// anything (see apply): most calls are to neither.
	var refs []ref
	var argTypes []types.Type
	for _, fn := range callees {
		if a.res.funcs[fn] == nil && a.external(fn) == nil {
			continue
		}
		if refs == nil {
			refs = make([]ref, len(call.Args))
			argTypes = make([]types.Type, len(call.Args))
			for i, arg := range call.Args {
				refs[i] = a.objRef(l, arg)
				refs[i].oref = a.orefOf(l, arg)
				argTypes[i] = info.TypeOf(arg)
			}
		}
		ce := &callEvent{fn: fn, args: refs, argTypes: argTypes, recvParam: -1}
		ce.recvSelf, ce.recvFields = a.receiverOf(l, call)
		ce.recvParam = receiverParam(l, info, call)
		out.add(event{node: call, call: ce})
	}
}

// receiverParam returns the index of the caller's parameter that is the
// receiver of the method call (opts.Apply(obj) with opts a parameter), or
// -1.
func receiverParam(l *locals, info *types.Info, call *ast.CallExpr) int {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return -1
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return -1
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return -1
	}
	v, _ := info.Uses[id].(*types.Var)
	if i, ok := l.params[v]; ok && v != nil {
		return i
	}
	return -1
}

// receiverOf describes the receiver of the method call: the caller's own
// receiver, or a value made by a constructor (lib.New(c, owner).Ensure(),
// or through a variable assigned it once), with the objects the
// constructor keeps in its fields.
func (a *state) receiverOf(l *locals, call *ast.CallExpr) (self bool, fields map[string]ref) {
	info := a.pass.TypesInfo
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false, nil
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return false, nil
	}
	x := ast.Unparen(sel.X)
	if id, ok := x.(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			return false, nil
		}
		if v == l.recv {
			return true, nil
		}
		as := a.values.Assignments(v)
		if len(as) != 1 || as[0].Value == nil || as[0].Result != 0 {
			return false, nil
		}
		x = ast.Unparen(as[0].Value)
	}
	ctor, ok := x.(*ast.CallExpr)
	if !ok {
		return false, nil
	}
	fn := recognize.Callee(info, ctor)
	if fn == nil {
		return false, nil
	}
	var kept []FieldParam
	if s := a.res.funcs[fn.Origin()]; s != nil {
		for f, p := range s.ctorFields {
			kept = append(kept, FieldParam{Field: f, Param: p})
		}
	} else if f := a.external(fn.Origin()); f != nil {
		kept = f.CtorFields
	}
	for _, k := range kept {
		if k.Param < len(ctor.Args) {
			if fields == nil {
				fields = make(map[string]ref)
			}
			fields[k.Field] = a.objRef(l, ctor.Args[k.Param])
		}
	}
	return false, fields
}

// ctorFields returns the fields of the struct fi returns (&T{owner: owner},
// directly or through a variable) that keep a parameter holding an object
// of no static kind (client.Object), when fi is a constructor of one.
func (a *state) ctorFields(fi *funcInfo) map[string]int {
	info := a.pass.TypesInfo
	rs := recognize.ResultTypes(fi.fn)
	if len(rs) == 0 {
		return nil
	}
	if _, ok := recognize.Unpointer(rs[0]).Underlying().(*types.Struct); !ok {
		return nil
	}
	params := recognize.ParamIndexes(info, fi.decl.Type)
	var out map[string]int
	for c := range fi.body.Preorder((*ast.ReturnStmt)(nil)) {
		ret := c.Node().(*ast.ReturnStmt)
		if len(ret.Results) == 0 || recognize.InnermostFunc(c) != fi.decl {
			continue
		}
		e := recognize.StripAddr(ret.Results[0])
		if id, ok := e.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				if x := a.values.Sole(v); x != nil {
					e = recognize.StripAddr(x)
				}
			}
		}
		lit, ok := e.(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, ok := kv.Key.(*ast.Ident)
			val, isID := ast.Unparen(kv.Value).(*ast.Ident)
			if !ok || !isID {
				continue
			}
			obj := info.Uses[val]
			p, isParam := params[obj]
			if !isParam || !objkind.HoldsObjects(obj.Type()) {
				// A typed field names its kind itself.
				continue
			}
			if out == nil {
				out = make(map[string]int)
			}
			out[key.Name] = p
		}
	}
	return out
}

// implementations returns, sorted, the methods of the package and of its
// dependencies (with facts) that implement the interface method m.
func (a *state) implementations(m *types.Func) []*types.Func {
	if impls, ok := a.impls[m]; ok {
		return impls
	}
	if a.methods == nil {
		local := make([]*types.Func, 0, len(a.res.funcs))
		for fn := range a.res.funcs {
			local = append(local, fn)
		}
		a.methods = []*callees.Methods{callees.NewMethods(local), callees.Imported(a.pass, func(analysis.Fact) bool { return true })}
		a.impls = make(map[*types.Func][]*types.Func)
	}
	impls := callees.Implementations(m, a.methods...)
	a.impls[m] = impls
	return impls
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

// refParamOf returns the index of the parameter of the function that
// holds an owner reference (or references) and that e is, or puts in a
// slice (append(refs, ref), []metav1.OwnerReference{ref}), or -1.
func (a *state) refParamOf(l *locals, e ast.Expr) int {
	info := a.pass.TypesInfo
	found := -1
	ast.Inspect(e, func(n ast.Node) bool {
		if found >= 0 {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && recognize.CarriesOwnerReference(v.Type()) {
				if i, ok := l.params[v]; ok {
					found = i
				}
			}
		}
		return true
	})
	return found
}

// orefOf describes the owner reference an argument holds, or nil.
func (a *state) orefOf(l *locals, e ast.Expr) *orefInfo {
	if !recognize.CarriesOwnerReference(a.pass.TypesInfo.TypeOf(e)) {
		return nil
	}
	if ctrl := a.isControllerRef(l, e); ctrl || a.isPlainRef(l, e) {
		return &orefInfo{controller: ctrl, blocks: !ctrl && a.plainBlocks(l, e), owner: a.ownerOf(l, e), param: -1}
	}
	if i := a.refParamOf(l, e); i >= 0 {
		return &orefInfo{param: i}
	}
	if i, m := a.methodRefOf(l, e); i >= 0 {
		return &orefInfo{param: i, method: m}
	}
	return nil
}
