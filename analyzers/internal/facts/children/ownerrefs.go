package children

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

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
			return a.follow(l, v, a.isPlainRef)
		},
	})
}

// isSomeRef reports whether e holds an owner reference: a controller
// reference, a plain one, a literal whose Controller the analysis cannot
// read (Controller: &controller, a parameter), or the result of a
// function that returns one that surely blocks its owner's deletion.
func (a *state) isSomeRef(l *locals, e ast.Expr) bool {
	if a.isControllerRef(l, e) || a.isPlainRef(l, e) {
		return true
	}
	return a.holdsRef(e, refTest{
		call: func(call *ast.CallExpr) bool {
			fn := recognize.Callee(a.pass.TypesInfo, call)
			if s := a.res.funcs[fn]; s != nil && fn.Pkg() == a.pass.Pkg {
				return s.refBlk.Surely()
			}
			f := a.external(fn)
			return f != nil && f.RefBlock.Surely()
		},
		lit: func(lit *ast.CompositeLit, _ recognize.OwnerRefLit) bool { return len(lit.Elts) > 0 },
		ident: func(v *types.Var) bool {
			if !recognize.IsOwnerReference(v.Type()) {
				return false
			}
			return a.follow(l, v, a.isSomeRef)
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
		if v, ok := info.Uses[x].(*types.Var); ok && a.values.Sole(v) != nil && !l.following[v] {
			return a.follow(l, v, a.plainBlocks)
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
		if s.controllerRef || s.ownerRef || s.refBlk.Surely() {
			return s.refOwner, s.refKind
		}
		return -1, ""
	}
	if f := a.external(fn); f != nil && (f.ControllerRef || f.OwnerRef || f.RefBlock.Surely()) {
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
	param, mixed := -1, false
	a.eachReturnedRef(fi, func(l *locals, e ast.Expr) bool {
		switch o := a.ownerOf(l, e); {
		case o.param >= 0 && o.field == "" && kind == "" && (param < 0 || o.param == param):
			param = o.param
		case o.param < 0 && o.kind != "" && len(o.alts) == 0 && param < 0 && (kind == "" || o.kind == kind):
			kind = o.kind
		default:
			mixed = true
		}
		return !mixed
	})
	if mixed {
		return -1, ""
	}
	return param, kind
}

// eachReturnedRef calls f with the first result of each return of fi's
// function (outside function literals) that holds an owner reference
// (isSomeRef), in order, until f returns false.
func (a *state) eachReturnedRef(fi *funcInfo, f func(l *locals, e ast.Expr) bool) {
	l := a.buildLocals(fi, false)
	more := true
	ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
		if !more {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 && a.isSomeRef(l, n.Results[0]) {
				more = f(l, n.Results[0])
			}
		}
		return more
	})
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

// applyRef is an owner reference apply configuration: whether it is a
// controller reference, whether it blocks owner deletion (or may), when it
// surely does, and its owner.
type applyRef struct {
	controller, blocks bool
	blk                Block
	owner              ref
}

// applyOwnerRef reports whether e is an owner reference apply
// configuration (metav1ac.OwnerReference().WithController(true)...,
// directly or through a variable), whether it is a controller reference,
// and its owner (the object whose UID WithUID takes).
func (a *state) applyOwnerRef(l *locals, e ast.Expr) (applyRef, bool) {
	info := a.pass.TypesInfo
	r := applyRef{owner: ref{param: -1}}
	if !recognize.IsNamedOrPointer(info.TypeOf(e), recognize.PkgApplyConfigs+"/meta/v1", "OwnerReferenceApplyConfiguration") {
		return r, false
	}
	for depth := 0; depth < 32; depth++ {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, isVar := info.Uses[x].(*types.Var)
			if !isVar {
				return r, true
			}
			next := a.values.Sole(v)
			if next == nil {
				return r, true
			}
			e = next
			continue
		case *ast.CallExpr:
			sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !isSel {
				return r, true
			}
			switch {
			case sel.Sel.Name == "WithController" && len(x.Args) == 1:
				if a.vals.Bool(x.Args[0]) == recognize.True {
					r.controller = true
				}
			case sel.Sel.Name == "WithBlockOwnerDeletion" && len(x.Args) == 1:
				r.blocks = a.vals.Bool(x.Args[0]) != recognize.False
				r.blk = a.boolBlock(l.fi.fn, x.Args[0])
			case sel.Sel.Name == "WithUID" && len(x.Args) == 1 && r.owner.kind == "" && r.owner.param < 0:
				u := ast.Unparen(x.Args[0])
				if c, isCall := u.(*ast.CallExpr); isCall && len(c.Args) == 0 {
					u = c.Fun // o.GetUID()
				}
				if s, isSel := u.(*ast.SelectorExpr); isSel && (s.Sel.Name == "UID" || s.Sel.Name == "GetUID") {
					r.owner = a.objRef(l, s.X)
				}
			}
			e = sel.X
			continue
		}
		break
	}
	return r, true
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
		return &orefInfo{controller: ctrl, blocks: !ctrl && a.plainBlocks(l, e), blk: a.refBlock(l, e), owner: a.ownerOf(l, e), param: -1}
	}
	if i := a.refParamOf(l, e); i >= 0 {
		return &orefInfo{param: i}
	}
	if i, m := a.methodRefOf(l, e); i >= 0 {
		return &orefInfo{param: i, method: m}
	}
	return nil
}

// refBlock says when the owner reference e surely blocks its owner's
// deletion (see Block): a literal that sets blockOwnerDeletion to true, or
// to a bool parameter of the function (&block); NewControllerRef's
// result; a builder's result, as its summary says at this call; a
// variable holding one of these; a slice of them, when one does.
func (a *state) refBlock(l *locals, e ast.Expr) Block { return a.refBlockAt(l, e, 0) }

// refBlockAt is refBlock at a depth of variables and wrappers followed: a
// program the type checker rejects may assign a variable itself.
func (a *state) refBlockAt(l *locals, e ast.Expr, depth int) Block {
	info := a.pass.TypesInfo
	if depth > 16 {
		return Block{}
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if o, ok := recognize.AsOwnerRefLit(info, x, a.vals); ok {
			switch o.BlockOwnerDeletion {
			case recognize.True:
				return Block{Sure: true}
			case recognize.Unknown:
				return Block{Flag: paramFlag(l.fi.fn, recognize.FlagVar(info, o.Block))}
			}
			return Block{}
		}
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if b := a.refBlockAt(l, elt, depth+1); b.Surely() {
				return b
			}
		}
	case *ast.UnaryExpr:
		return a.refBlockAt(l, x.X, depth+1)
	case *ast.StarExpr:
		return a.refBlockAt(l, x.X, depth+1)
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			if y := a.values.Sole(v); y != nil {
				return a.refBlockAt(l, y, depth+1)
			}
		}
	case *ast.CallExpr:
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "append" {
			for _, arg := range x.Args {
				if b := a.refBlockAt(l, arg, depth+1); b.Surely() {
					return b
				}
			}
			return Block{}
		}
		key := recognize.CallKey(info, x)
		if recognize.KeyIs(key, recognize.PkgMetaV1, "NewControllerRef") || recognize.KeyIs(key, pathOwnership, "NewControllerRef") {
			return Block{Sure: true}
		}
		if fn := recognize.Callee(info, x); fn != nil {
			var b Block
			if s := a.res.funcs[fn]; s != nil && fn.Pkg() == a.pass.Pkg {
				b = s.refBlk
			} else if f := a.external(fn); f != nil {
				b = f.RefBlock
			}
			return a.blockAt(l.fi.fn, x, b)
		}
	}
	return Block{}
}

// returnedBlock says when the owner references fi's function returns
// surely block: when every one it returns does, alike.
func (a *state) returnedBlock(fi *funcInfo) Block {
	var out Block
	first := true
	a.eachReturnedRef(fi, func(l *locals, e ast.Expr) bool {
		if b := a.refBlock(l, e); first {
			out, first = b, false
		} else if b != out {
			out = Block{}
		}
		return true
	})
	return out
}

// optionsBlock says when controllerutil's options opts surely make a
// reference block, def when none says.
func (a *state) optionsBlock(l *locals, opts []ast.Expr, def Block) Block {
	switch t, arg := recognize.BlockOptions(a.pass.TypesInfo, a.vals, opts); t {
	case recognize.Absent:
		return def
	case recognize.True:
		return Block{Sure: true}
	case recognize.Unknown:
		return Block{Flag: paramFlag(l.fi.fn, recognize.FlagVar(a.pass.TypesInfo, arg))}
	}
	return Block{}
}

// boolBlock says when a reference whose blockOwnerDeletion is the bool
// value e, in fn, surely blocks.
func (a *state) boolBlock(fn *types.Func, e ast.Expr) Block {
	if a.vals.Bool(e) == recognize.True {
		return Block{Sure: true}
	}
	return Block{Flag: paramFlag(fn, recognize.FlagVar(a.pass.TypesInfo, e))}
}

// blockAt says when the reference of a callee, which blocks as b says,
// surely blocks at call, in fn: a flag parameter of the callee is what
// the call passes for it.
func (a *state) blockAt(fn *types.Func, call *ast.CallExpr, b Block) Block {
	if b.Flag == 0 {
		return b
	}
	if b.Flag > len(call.Args) {
		return Block{}
	}
	return a.boolBlock(fn, call.Args[b.Flag-1])
}

// paramFlag returns 1 + the index of v among fn's parameters, or 0.
func paramFlag(fn *types.Func, v *types.Var) int {
	if fn == nil || v == nil {
		return 0
	}
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return i + 1
		}
	}
	return 0
}
