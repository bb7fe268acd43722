package children

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

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

// resetsBlock reports whether fi's body sets blockOwnerDeletion other than
// to true, or calls a function that says it does.
func (a *state) resetsBlock(fi *funcInfo) bool {
	for c := range fi.body.Preorder((*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		if recognize.ResetsBlockOwnerDeletion(a.pass.TypesInfo, a.vals, c.Node()) {
			return true
		}
	}
	return false
}

// scanEvents records the events of fi's body.
func (a *state) scanEvents(fi *funcInfo) {
	info := a.pass.TypesInfo
	l := a.buildLocals(fi, false)
	add := func(ev event) { fi.events = append(fi.events, ev) }
	fi.resetsBlock = a.resetsBlock(fi)
	owned := func(at ast.Node, child, owner ref, plain, blocks bool, blk Block) {
		add(event{node: at, owned: &ownEvent{child: child, owner: owner, plain: plain, blocks: blocks, blk: blk, refParam: -1}})
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
			owned(at, child, ref{param: -1}, true, false, Block{})
		}
		plainOn[v] = true
	}
	// refd records child given the owner reference e holds: a controller
	// or plain reference, or an owner reference parameter.
	refd := func(at ast.Node, obj ast.Expr, child ref, e ast.Expr) {
		if ctrl := a.isControllerRef(l, e); ctrl || a.isPlainRef(l, e) {
			owned(at, child, a.ownerOf(l, e), !ctrl, !ctrl && a.plainBlocks(l, e), a.refBlock(l, e))
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
	owned   func(ast.Node, ref, ref, bool, bool, Block)
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
			blk := Block{Sure: true}
			if len(args) > 3 {
				blk = a.optionsBlock(l, args[3:], blk)
			}
			out.owned(call, a.objRef(l, args[1]), a.objRef(l, args[0]), false, false, blk)
		}
	case recognize.KeyIs(key, recognize.PkgControllerutil, "SetOwnerReference"):
		if len(args) >= 2 {
			child := a.objRef(l, args[1])
			var blk Block
			if len(args) > 3 {
				blk = a.optionsBlock(l, args[3:], blk)
			}
			out.owned(call, child, a.objRef(l, args[0]), true, len(args) > 3 && a.optionsMayBlock(args[3:]), blk)
			out.several(call, args[1], child)
		}
	case recognize.KeyIs(key, pathOwnership, "EnsureChild"):
		if len(args) >= 4 {
			out.owned(call, a.objRef(l, args[3]), a.objRef(l, args[2]), false, false, Block{Sure: true})
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
			if r, ok := a.applyOwnerRef(l, arg); ok && sel != nil {
				// At the method: the call starts where its chain does.
				out.owned(sel.Sel, a.objRef(l, sel.X), r.owner, !r.controller, r.blocks, r.blk)
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
// directly or through a variable, as itself or as an interface it
// implements) that keep a parameter holding an object of no static kind
// (client.Object), when fi is a constructor of one, and that struct's type.
func (a *state) ctorFields(fi *funcInfo) (map[string]int, *types.Named) {
	info := a.pass.TypesInfo
	rs := recognize.ResultTypes(fi.fn)
	if len(rs) == 0 {
		return nil, nil
	}
	result := recognize.Unpointer(rs[0])
	if _, ok := result.Underlying().(*types.Struct); !ok && !types.IsInterface(result) {
		return nil, nil
	}
	params := recognize.ParamIndexes(info, fi.decl.Type)
	var out map[string]int
	var made *types.Named
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
		named, ok := types.Unalias(info.TypeOf(lit)).(*types.Named)
		if !ok {
			continue
		}
		if _, ok := named.Underlying().(*types.Struct); !ok || (made != nil && made != named) {
			return nil, nil // not one struct: no fields to speak of
		}
		made = named
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
	if out == nil {
		return nil, nil
	}
	return out, made
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
