package builders

import (
	"cmp"
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"sort"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// ImportsControllerAPI reports whether pkg imports controller-runtime's
// builder, controller or top-level ctrl package directly: a package that
// makes a controller does. Rules about controller chains use it as their
// fast path.
func ImportsControllerAPI(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	for _, imp := range pkg.Imports() {
		if recognize.PathIs(imp.Path(), recognize.PkgBuilder) || recognize.PathIs(imp.Path(), recognize.PkgControllerRuntime) || recognize.PathIs(imp.Path(), recognize.PkgController) {
			return true
		}
	}
	return false
}

// IsBuilder reports whether t is controller-runtime's builder
// (builder.TypedBuilder, its alias builder.Builder, ctrl.Builder, any
// instantiation; before v0.18, the struct builder.Builder) or a pointer to
// it.
func IsBuilder(t types.Type) bool {
	return t != nil && (recognize.IsNamedOrPointer(t, recognize.PkgBuilder, "TypedBuilder") || recognize.IsNamedOrPointer(t, recognize.PkgBuilder, "Builder"))
}

// wrappedBuilder returns the controller-runtime builder type that t, or the
// type t points to, wraps: a project's named struct type that holds a
// builder in a field and has a For method (Cluster API's
// util/controller.Builder), whose methods stand for the builder's; nil if t
// is no such wrapper.
func wrappedBuilder(t types.Type) types.Type {
	n := recognize.Named(recognize.Unpointer(t))
	if n == nil {
		return nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if ft := st.Field(i).Type(); IsBuilder(ft) {
			if m, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, n.Obj().Pkg(), "For"); m != nil {
				return ft
			}
			return nil
		}
	}
	return nil
}

// isBuilderLike reports whether t is a controller builder or a project's
// wrapper of one.
func isBuilderLike(t types.Type) bool {
	return IsBuilder(t) || t != nil && wrappedBuilder(t) != nil
}

// IsControllerManagedBy reports whether call starts a controller builder
// chain: builder.ControllerManagedBy, builder.TypedControllerManagedBy,
// ctrl.NewControllerManagedBy, or a function that makes a project's wrapper
// of the builder from no builder (a wrapper's NewControllerManagedBy).
func IsControllerManagedBy(info *types.Info, call *ast.CallExpr) bool {
	key := recognize.CallKey(info, call)
	if recognize.KeyIs(key, recognize.PkgBuilder, "ControllerManagedBy") || recognize.KeyIs(key, recognize.PkgBuilder, "TypedControllerManagedBy") {
		return true
	}
	fn := recognize.Callee(info, call)
	if fn == nil || wrappedBuilder(info.TypeOf(call)) == nil {
		return false
	}
	if r := recognize.Receiver(fn); r != nil && wrappedBuilder(r) != nil {
		return false // a method of the wrapper: part of a chain
	}
	for _, a := range call.Args {
		if isBuilderLike(info.TypeOf(a)) {
			return false // a helper that adds to a builder it is given
		}
	}
	return true
}

// BuilderCall reports whether call is a method call on a controller builder
// (For, Owns, Watches, WithEventFilter, Complete, ...) and returns the
// method's name and the receiver expression. A method of a project's wrapper
// of the builder counts as the builder method of the same name; one the
// builder does not have counts (by the name "") when all it takes are plain
// settings (no object, source, handler, predicate or function) and it
// returns the wrapper, so that it cannot add a watch.
func BuilderCall(info *types.Info, call *ast.CallExpr) (method string, recv ast.Expr, ok bool) {
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !isSel {
		return "", nil, false
	}
	fn := recognize.Callee(info, call)
	if fn == nil {
		return "", nil, false
	}
	r := recognize.Receiver(fn)
	if r == nil {
		return "", nil, false
	}
	if IsBuilder(r) {
		return fn.Name(), sel.X, true
	}
	inner := wrappedBuilder(r)
	if inner == nil {
		return "", nil, false
	}
	if m, _, _ := types.LookupFieldOrMethod(inner, true, nil, fn.Name()); m != nil {
		return fn.Name(), sel.X, true
	}
	if !isBuilderLike(info.TypeOf(call)) {
		return "", nil, false
	}
	sig := fn.Type().(*types.Signature)
	for i := 0; i < sig.Params().Len(); i++ {
		if !plainSetting(sig.Params().At(i).Type()) {
			return "", nil, false
		}
	}
	return "", sel.X, true
}

// plainSetting reports whether a parameter of type t can only configure a
// controller, not watch something: a basic type (a duration, a name, a
// count) or a struct of no pointers, functions or interfaces.
func plainSetting(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if _, basic := u.Field(i).Type().Underlying().(*types.Basic); !basic {
				return false
			}
		}
		return true
	}
	return false
}

// A Chain is one controller as its builder describes it: the calls made on
// the builder from ControllerManagedBy to Complete or Build, gathered across
// statements, variables and the helper functions of the same package that
// the builder is passed to. A controller made without a builder
// (controller.New) and given its watches with its Watch method is a Chain
// too: Start is the call that made it, Calls are empty, KeptWatches are its
// Watch calls and For the one of them that watches the reconciled object.
type Chain struct {
	// Start is the ControllerManagedBy call, or the call that made the
	// controller.
	Start *ast.CallExpr
	// Calls are the builder method calls of the chain, in the order they were
	// found (the chain's own function first, then its helpers).
	Calls []*ast.CallExpr
	// For is the For call, or the Watch call handing the reconciled object
	// to handler.EnqueueRequestForObject; nil if neither was found.
	// ObjectArg(For) is the reconciled object's type.
	For *ast.CallExpr
	// Done is the Complete or Build call, or nil.
	Done *ast.CallExpr
	// Reconciler is the static type of the reconciler given to Complete or
	// Build (the one a decorator such as tracing.Wrap(r) is given, when it
	// is given one), or nil.
	Reconciler types.Type
	// Escaped reports that the builder reached code this analysis does not
	// follow (another package's function, a field, a return value), so the
	// chain's watches may be incomplete.
	Escaped bool
	// Opaque reports that the builder may have reached code no analysis of
	// the package or its dependencies sees: a function value, a function of
	// a package without facts, a return to the function's callers. An
	// Escaped chain that is not Opaque (stored in a field, handed to a
	// helper of an analysed package that stores it) can only be watched by
	// the code of its package and its dependencies.
	Opaque bool
	// Single reports that For is called in the same expression as Start,
	// with no variable in between, so text can be inserted after For.
	Single bool
	// KeptWatches are the Watch calls on the controller a Build call
	// returns, when that controller is kept in a variable of the function
	// and used for nothing else (c, err := b.Build(r); c.Watch(src)): they
	// are part of the chain's watches, and the chain is not ControllerKept.
	KeptWatches []*ast.CallExpr
	// ControllerKept reports that Done is a Build call whose controller is
	// kept (assigned or returned), so that more watches may be added to it
	// with the controller's Watch method.
	ControllerKept bool
	// External are the passes of the builder to functions of other packages
	// that the caller of Chains knows (has facts about); the chain is
	// not Escaped because of them.
	External []ExternalPass
	// ExternalKinds are the kinds the External functions watch, as the
	// caller of Chains resolves them (builders, from facts).
	ExternalKinds []string
}

// An ExternalPass is a builder passed as parameter Index of Fn, a function
// of another package.
type ExternalPass struct {
	Fn    *types.Func
	Index int
}

// Method returns the chain's calls of the named builder method.
func (c *Chain) Method(info *types.Info, name string) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, call := range c.Calls {
		if m, _, ok := BuilderCall(info, call); ok && m == name {
			out = append(out, call)
		}
	}
	return out
}

// ObjectArg returns the static type of a For, Owns, Watches or
// WatchesMetadata call's object argument, or of the object a controller's
// Watch call watches; nil if there is none.
func ObjectArg(info *types.Info, call *ast.CallExpr) types.Type {
	if len(call.Args) == 0 {
		return nil
	}
	if IsControllerWatch(info, call) {
		return watchedObject(info, call)
	}
	return info.TypeOf(call.Args[0])
}

// rootKey identifies where a builder value comes from: a ControllerManagedBy
// call (*ast.CallExpr) or a builder parameter of a helper (*types.Var).
type rootKey any

// builderGroup is what one function does with one builder root.
type builderGroup struct {
	calls   []*ast.CallExpr
	passes  []builderPass
	escaped bool
	opaque  bool // see Chain.Opaque
}

// builderPass records a builder root passed to parameter index of fn.
type builderPass struct {
	fn    *types.Func
	index int
}

type builderFunc struct {
	decl   *ast.FuncDecl
	groups map[rootKey]*builderGroup
	order  []rootKey
	// discarded are Build calls whose controller result is assigned to _.
	discarded map[*ast.CallExpr]bool
	// keptWatches are the Watch calls on the controller of a Build call
	// assigned to a variable used only for them.
	keptWatches map[*ast.CallExpr][]*ast.CallExpr
}

// Chains finds every controller builder chain in files, and every
// controller made by a call and kept in a variable, whose type information
// is info and the values of whose variables are vals. A builder or
// controller passed to another package's function for which known returns
// true is recorded in the chain's External rather than making it Escaped
// (known may be nil). It also returns, for each function of files with
// builder or controller parameters, the chain of the calls made on each
// such parameter (by index; Start, For and Done nil when the function does
// not call them).
func Chains(info *types.Info, vals *values.Index, files []*ast.File, known func(fn *types.Func, index int) bool) ([]*Chain, map[*types.Func]map[int]*Chain) {
	decls := make(map[*types.Func]*ast.FuncDecl)
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	g := &gatherer{
		info:        info,
		known:       known,
		funcs:       make(map[*types.Func]*builderFunc, len(decls)),
		discarded:   make(map[*ast.CallExpr]bool),
		keptWatches: make(map[*ast.CallExpr][]*ast.CallExpr),
	}
	var starts []*ast.CallExpr
	startFunc := make(map[*ast.CallExpr]*builderFunc)
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			bf := scanBuilderFunc(info, vals, fd, decls)
			g.add(info.Defs[fd.Name], bf)
			for _, k := range bf.order {
				if call, ok := k.(*ast.CallExpr); ok {
					starts = append(starts, call)
					startFunc[call] = bf
				}
			}
		}
	}
	g.methods = callees.NewMethods(slices.Collect(maps.Keys(g.funcs)))
	var out []*Chain
	for _, start := range starts {
		c := &Chain{Start: start}
		g.gather(c, startFunc[start].groups[start])
		if c.For != nil {
			c.Single = c.Direct(info, c.For) && hasOwns(info, c.For)
		}
		out = append(out, c)
	}
	helpers := make(map[*types.Func]map[int]*Chain)
	for fn, bf := range g.funcs {
		if ps := paramChains(fn, bf.groups, g.gather); ps != nil {
			helpers[fn] = ps
		}
	}
	made, madeHelpers := controllerChains(info, files, decls, known)
	out = append(out, made...)
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Pos() < out[j].Start.Pos() })
	for fn, ps := range madeHelpers {
		if helpers[fn] == nil {
			helpers[fn] = ps
			continue
		}
		for i, c := range ps {
			helpers[fn][i] = c
		}
	}
	return out, helpers
}

// gatherer makes chains of the package's builder groups, following the
// builders passed to helpers (see Chains).
type gatherer struct {
	info  *types.Info
	known func(fn *types.Func, index int) bool
	funcs map[*types.Func]*builderFunc
	// methods indexes the methods among funcs.
	methods *callees.Methods
	// discarded and keptWatches are the Build calls whose controller is
	// discarded, and those whose controller is kept for Watch calls.
	discarded   map[*ast.CallExpr]bool
	keptWatches map[*ast.CallExpr][]*ast.CallExpr
}

// add records the builder groups bf of the function obj (a *types.Func, or
// nil for a declaration that has none).
func (g *gatherer) add(obj types.Object, bf *builderFunc) {
	for call := range bf.discarded {
		g.discarded[call] = true
	}
	for call, ws := range bf.keptWatches {
		g.keptWatches[call] = ws
	}
	if fn, ok := obj.(*types.Func); ok {
		g.funcs[fn] = bf
	}
}

// gather fills c with the calls of the group root and of the groups of
// the helpers it is passed to, then with its For, Complete or Build, and
// reconciler.
func (g *gatherer) gather(c *Chain, root *builderGroup) {
	g.collect(c, root, make(map[builderPass]bool))
	for _, call := range c.Calls {
		m, _, _ := BuilderCall(g.info, call)
		switch m {
		case "For":
			if c.For == nil {
				c.For = call
			}
		case "Complete", "Build":
			if c.Done == nil {
				c.Done = call
				ws, watched := g.keptWatches[call]
				c.ControllerKept = m == "Build" && !g.discarded[call] && !watched
				c.KeptWatches = ws
				c.Reconciler = reconcilerOfDone(g.info, call)
			}
		}
	}
}

// collect adds the calls of gr to c, and follows the builder where gr
// passes it.
func (g *gatherer) collect(c *Chain, gr *builderGroup, seen map[builderPass]bool) {
	if gr.escaped {
		c.Escaped = true
	}
	if gr.opaque {
		c.Escaped, c.Opaque = true, true
	}
	c.Calls = append(c.Calls, gr.calls...)
	for _, p := range gr.passes {
		if !seen[p] {
			seen[p] = true
			g.follow(c, p, seen)
		}
	}
}

// follow adds to c what the function p passes the builder to does with
// it: a helper of the package (its group of that parameter), any
// implementation of an interface method, or a function of another package
// known by its fact; anything else makes the chain opaque.
func (g *gatherer) follow(c *Chain, p builderPass, seen map[builderPass]bool) {
	bf := g.funcs[p.fn]
	known := func() bool { return g.known != nil && p.fn.Pkg() != nil && g.known(p.fn, p.index) }
	if bf == nil && recognize.IsInterfaceMethod(p.fn) {
		// What any implementation does: those of this package, followed
		// here, and those of others, by their facts.
		impls := g.implementations(p.fn)
		for _, impl := range impls {
			if pg := g.funcs[impl].groups[paramVar(impl, p.index)]; pg != nil {
				g.collect(c, pg, seen)
			}
		}
		switch {
		case known():
			c.External = append(c.External, ExternalPass{Fn: p.fn, Index: p.index})
		case len(impls) == 0:
			c.Escaped, c.Opaque = true, true
		}
		return
	}
	if bf == nil && known() {
		c.External = append(c.External, ExternalPass{Fn: p.fn, Index: p.index})
		return
	}
	v := paramVar(p.fn, p.index)
	if bf == nil || v == nil {
		c.Escaped, c.Opaque = true, true
		return
	}
	if pg := bf.groups[v]; pg != nil {
		g.collect(c, pg, seen)
	}
}

// hasOwns reports whether the receiver of the For call has an Owns method:
// a builder has, a project's wrapper of one may not.
func hasOwns(info *types.Info, forCall *ast.CallExpr) bool {
	sel, ok := ast.Unparen(forCall.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	m, _, _ := types.LookupFieldOrMethod(info.TypeOf(sel.X), true, nil, "Owns")
	return m != nil
}

// reconcilerOfDone returns the static type of the reconciler given to a
// Complete or Build call: its only argument, or, for a wrapper's method
// that takes more (Complete(ctx, r)), the one with a Reconcile method;
// through decorators (see unwrapReconciler).
func reconcilerOfDone(info *types.Info, call *ast.CallExpr) types.Type {
	if len(call.Args) == 1 {
		return unwrapReconciler(info, call.Args[0])
	}
	for _, a := range call.Args {
		if hasReconcile(info.TypeOf(a)) {
			return unwrapReconciler(info, a)
		}
	}
	return nil
}

// unwrapReconciler returns the type of the reconciler e is, looking
// through decorators: a call of a function given a reconciler
// (tracing.Wrap(r, opts), reconcile.AsReconciler(c, r)) stands for the
// reconciler it wraps, whose methods do the work, when that one is a
// concrete type. Otherwise it is e's own type.
func unwrapReconciler(info *types.Info, e ast.Expr) types.Type {
	t := info.TypeOf(e)
	for range 4 { // decorators of decorators, a few deep
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || info.Types[call.Fun].IsType() {
			return t
		}
		if _, method := ast.Unparen(call.Fun).(*ast.SelectorExpr); method && recognize.Callee(info, call) != nil && recognize.Receiver(recognize.Callee(info, call)) != nil {
			return t // a method's result: a factory of its own, not a decorator
		}
		var inner ast.Expr
		for _, a := range call.Args {
			if at := info.TypeOf(a); hasReconcile(at) && !types.IsInterface(at) {
				if inner != nil {
					return t // several: no guess
				}
				inner = a
			}
		}
		if inner == nil {
			return t
		}
		e, t = inner, info.TypeOf(inner)
	}
	return t
}

// hasReconcile reports whether t (or a pointer to it) has a Reconcile
// method.
func hasReconcile(t types.Type) bool {
	if t == nil {
		return false
	}
	m, _, _ := types.LookupFieldOrMethod(t, true, nil, "Reconcile")
	_, ok := m.(*types.Func)
	return ok
}

// paramChains returns the chain gather makes of what fn does with each of
// its parameters that has a group, by parameter index; nil if none has.
func paramChains(fn *types.Func, groups map[rootKey]*builderGroup, gather func(*Chain, *builderGroup)) map[int]*Chain {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return nil
	}
	var out map[int]*Chain
	for i := 0; i < sig.Params().Len(); i++ {
		if g := groups[sig.Params().At(i)]; g != nil {
			if out == nil {
				out = make(map[int]*Chain)
			}
			c := &Chain{}
			gather(c, g)
			out[i] = c
		}
	}
	return out
}

// Direct reports whether call's receiver chain reaches the chain's start
// through builder method calls only, with no variable or helper in between:
// call is part of the expression that starts the chain.
func (c *Chain) Direct(info *types.Info, call *ast.CallExpr) bool {
	start := c.Start
	e := ast.Expr(call)
	for {
		x, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		if x == start {
			return true
		}
		_, recv, ok := BuilderCall(info, x)
		if !ok {
			return false
		}
		e = recv
	}
}

func paramVar(fn *types.Func, index int) *types.Var {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || index < 0 || index >= sig.Params().Len() {
		return nil
	}
	return sig.Params().At(index)
}

// scanBuilderFunc groups the builder method calls of one function by the
// builder root they act on.
func scanBuilderFunc(info *types.Info, vals *values.Index, fd *ast.FuncDecl, decls map[*types.Func]*ast.FuncDecl) *builderFunc {
	sc := &builderScan{
		info:   info,
		vals:   vals,
		decls:  decls,
		bf:     &builderFunc{decl: fd, groups: make(map[rootKey]*builderGroup), discarded: make(map[*ast.CallExpr]bool), keptWatches: make(map[*ast.CallExpr][]*ast.CallExpr)},
		kept:   make(map[types.Object]*ast.CallExpr),
		params: make(map[*types.Var]bool),
		vars:   make(map[*types.Var]rootKey),
	}
	if fd.Type.Params != nil {
		for _, field := range fd.Type.Params.List {
			for _, name := range field.Names {
				if v, ok := info.Defs[name].(*types.Var); ok && isBuilderLike(v.Type()) {
					sc.params[v] = true
				}
			}
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			sc.assign(n)
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if isBuilderLike(info.TypeOf(r)) {
					if k := sc.rootOf(r); k != nil {
						if _, isStart := k.(*ast.CallExpr); isStart {
							sc.group(k).opaque = true
						}
					}
				}
			}
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Value
				}
				if isBuilderLike(info.TypeOf(e)) {
					if k := sc.rootOf(e); k != nil {
						sc.group(k).escaped = true
					}
				}
			}
		case *ast.CallExpr:
			sc.call(n)
		}
		return true
	})
	if len(sc.kept) > 0 {
		keptWatchCalls(info, fd.Body, sc.kept, sc.bf.keptWatches)
	}
	return sc.bf
}

// builderScan is the state of scanBuilderFunc.
type builderScan struct {
	info   *types.Info
	vals   *values.Index
	decls  map[*types.Func]*ast.FuncDecl
	bf     *builderFunc
	kept   map[types.Object]*ast.CallExpr // controller variable -> its Build call
	params map[*types.Var]bool            // the builder parameters
	vars   map[*types.Var]rootKey         // the root of each builder variable (nil while deciding)
}

// group returns the group of the root k, made on first use.
func (sc *builderScan) group(k rootKey) *builderGroup {
	g := sc.bf.groups[k]
	if g == nil {
		g = &builderGroup{}
		sc.bf.groups[k] = g
		sc.bf.order = append(sc.bf.order, k)
	}
	return g
}

// rootOf returns the root of the builder e: the ControllerManagedBy call
// that starts its chain, or the builder parameter it comes from; nil when
// not known.
func (sc *builderScan) rootOf(e ast.Expr) rootKey {
	info := sc.info
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if IsControllerManagedBy(info, e) {
			sc.group(e)
			return e
		}
		if _, recv, ok := BuilderCall(info, e); ok {
			return sc.rootOf(recv)
		}
		// A helper of this package that takes and returns the builder.
		if fn := recognize.Callee(info, e); fn != nil && sc.decls[fn] != nil && isBuilderLike(info.TypeOf(e)) {
			for _, a := range e.Args {
				if isBuilderLike(info.TypeOf(a)) {
					return sc.rootOf(a)
				}
			}
		}
	case *ast.Ident:
		if v, ok := info.Uses[e].(*types.Var); ok {
			return sc.varRoot(v)
		}
	}
	return nil
}

// varRoot returns the root of the first builder assigned to v, or v when
// it is a builder parameter.
func (sc *builderScan) varRoot(v *types.Var) rootKey {
	if k, decided := sc.vars[v]; decided && k != nil {
		return k
	} else if !decided {
		// nil while deciding, which ends a cycle (b = b.Owns(...)).
		sc.vars[v] = nil
		for _, a := range sc.vals.Assignments(v) {
			if x := a.Single(); x != nil && isBuilderLike(sc.info.TypeOf(x)) {
				if k := sc.rootOf(x); k != nil {
					sc.vars[v] = k
					return k
				}
			}
		}
	}
	if sc.params[v] {
		sc.group(v)
		return v
	}
	return nil
}

// assign records a Build call whose controller is kept or discarded, and
// builders stored anywhere but in a variable (a field, a map): those can
// be used anywhere, so their chains escape.
func (sc *builderScan) assign(n *ast.AssignStmt) {
	if len(n.Rhs) == 1 && len(n.Lhs) == 2 {
		if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
			if m, _, ok := BuilderCall(sc.info, call); ok && m == "Build" {
				if id, ok := n.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
					sc.bf.discarded[call] = true
				} else if ok {
					if obj := sc.info.ObjectOf(id); obj != nil {
						sc.kept[obj] = call
					}
				}
			}
		}
	}
	if len(n.Lhs) != len(n.Rhs) {
		return
	}
	for i, lhs := range n.Lhs {
		if _, ok := ast.Unparen(lhs).(*ast.Ident); ok || !isBuilderLike(sc.info.TypeOf(n.Rhs[i])) {
			continue
		}
		if k := sc.rootOf(n.Rhs[i]); k != nil {
			sc.group(k).escaped = true
		}
	}
}

// call records a builder method call in its root's group, and a builder
// passed to a function (a helper, or one not known: opaque).
func (sc *builderScan) call(n *ast.CallExpr) {
	info := sc.info
	if IsControllerManagedBy(info, n) {
		sc.group(n)
		return
	}
	if _, recv, ok := BuilderCall(info, n); ok {
		if k := sc.rootOf(recv); k != nil {
			g := sc.group(k)
			g.calls = append(g.calls, n)
		}
	}
	fn := recognize.Callee(info, n)
	for i, a := range n.Args {
		if !isBuilderLike(info.TypeOf(a)) {
			continue
		}
		k := sc.rootOf(a)
		if k == nil {
			continue
		}
		g := sc.group(k)
		if fn == nil {
			g.opaque = true
			continue
		}
		g.passes = append(g.passes, builderPass{fn: fn, index: i})
	}
}

// implementations returns, in source order, the package's functions with
// builder parameters that implement the interface method m.
func (g *gatherer) implementations(m *types.Func) []*types.Func {
	out := slices.Clone(g.methods.Implementing(m))
	slices.SortFunc(out, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

// keptWatchCalls records, for each controller variable in kept used only as
// the receiver of Watch calls, those calls under its Build call in out.
func keptWatchCalls(info *types.Info, body *ast.BlockStmt, kept map[types.Object]*ast.CallExpr, out map[*ast.CallExpr][]*ast.CallExpr) {
	uses := make(map[types.Object]int)
	watches := make(map[types.Object][]*ast.CallExpr)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if obj := info.Uses[n]; obj != nil && kept[obj] != nil {
				uses[obj]++
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Watch" {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
					if obj := info.Uses[id]; obj != nil && kept[obj] != nil {
						watches[obj] = append(watches[obj], n)
					}
				}
			}
		}
		return true
	})
	for obj, build := range kept {
		if uses[obj] == len(watches[obj]) {
			out[build] = watches[obj]
		}
	}
}

// MatchesEveryOwner reports whether call is a builder's Owns given
// builder.MatchEveryOwner: it then enqueues the owner for every owner
// reference to the reconciled kind, plain ones included, not only for the
// controller reference.
func MatchesEveryOwner(info *types.Info, call *ast.CallExpr) bool {
	if m, _, _ := BuilderCall(info, call); m != "Owns" || len(call.Args) < 2 {
		return false
	}
	for _, e := range call.Args[1:] {
		if recognize.IsPackageVar(info, e, recognize.PkgBuilder, "MatchEveryOwner") {
			return true
		}
	}
	return false
}
