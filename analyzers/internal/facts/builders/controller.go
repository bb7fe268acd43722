package builders

import (
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"go/ast"
	"go/types"
	"sort"
)

// IsController reports whether t is controller-runtime's Controller
// interface (controller.TypedController, its alias controller.Controller,
// any instantiation).
func IsController(t types.Type) bool {
	return t != nil && (recognize.IsNamed(t, recognize.PkgController, "TypedController") || recognize.IsNamed(t, recognize.PkgController, "Controller"))
}

// IsControllerWatch reports whether call is the Watch method of a
// controller (c.Watch(source.Kind(cache, &T{}, h))).
func IsControllerWatch(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Watch" && IsController(info.TypeOf(sel.X))
}

// watchedObject returns the type of the object a controller's Watch call
// watches: its first composite literal, outside function literals, of a
// named type that is not one of controller-runtime's (the &T{} of
// source.Kind(cache, &T{}, h), of &source.Kind{Type: &T{}}, or of a
// project's wrapper of source.Kind); nil if there is none.
func watchedObject(info *types.Info, call *ast.CallExpr) types.Type {
	var found types.Type
	for _, arg := range call.Args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CompositeLit:
				t := info.TypeOf(n)
				if o := recognize.Named(t); o != nil && o.Obj().Pkg() != nil && !recognize.PathUnder(o.Obj().Pkg().Path(), recognize.PkgControllerRuntime) {
					if _, isStruct := o.Underlying().(*types.Struct); isStruct {
						found = t
						return false
					}
				}
			}
			return true
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// enqueuesObject reports whether a Watch call hands its events to
// handler.EnqueueRequestForObject: the watched object is the one reconciled.
func enqueuesObject(info *types.Info, call *ast.CallExpr) bool {
	found := false
	for _, arg := range call.Args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok && !found {
				t := info.TypeOf(lit)
				found = recognize.IsNamed(t, recognize.PkgHandler, "TypedEnqueueRequestForObject") || recognize.IsNamed(t, recognize.PkgHandler, "EnqueueRequestForObject")
			}
			_, isFunc := n.(*ast.FuncLit)
			return !found && !isFunc
		})
	}
	return found
}

// controllerFunc is what one function does with the controllers it holds:
// per root (a *ast.CallExpr that made the controller, or a controller
// parameter *types.Var), its Watch calls and where it passes it.
type controllerFunc struct {
	groups map[rootKey]*builderGroup
	order  []*ast.CallExpr // the roots that are calls, in source order
}

// controllerChains returns a Chain for each controller made in files by a
// call that returns a controller (controller.New, or a project's helper
// around it) and kept in a variable, rather than by a builder: its Watch
// calls, in its function and in the helpers of files it is passed to, are
// the chain's KeptWatches, and its passes to other packages' functions for
// which known returns true its External; For is the Watch call that
// enqueues the watched object itself (handler.EnqueueRequestForObject), so
// that ObjectArg(For) is the reconciled type, as for a builder's For. It
// also returns, as Chains does for builders, the chain of what each
// function of files does with each of its controller parameters. decls are
// the function declarations of files.
func controllerChains(info *types.Info, files []*ast.File, decls map[*types.Func]*ast.FuncDecl, known func(fn *types.Func, index int) bool) ([]*Chain, map[*types.Func]map[int]*Chain) {
	funcs := make(map[*types.Func]*controllerFunc)
	rootFunc := make(map[*ast.CallExpr]*controllerFunc)
	var roots []*ast.CallExpr
	for fn, fd := range decls {
		cf := scanControllerFunc(info, fd)
		funcs[fn] = cf
		for _, r := range cf.order {
			rootFunc[r] = cf
			roots = append(roots, r)
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].Pos() < roots[j].Pos() })
	gather := func(c *Chain, root *builderGroup) {
		seen := make(map[builderPass]bool)
		var collect func(g *builderGroup)
		collect = func(g *builderGroup) {
			if g.escaped || g.opaque {
				c.Escaped, c.Opaque = true, true
			}
			c.KeptWatches = append(c.KeptWatches, g.calls...)
			for _, p := range g.passes {
				if seen[p] {
					continue
				}
				seen[p] = true
				switch bf := funcs[p.fn]; {
				case bf != nil:
					if pg := bf.groups[paramVar(p.fn, p.index)]; pg != nil {
						collect(pg)
					} else {
						// Taken as something else than a controller.
						c.Escaped, c.Opaque = true, true
					}
				case known != nil && known(p.fn, p.index):
					c.External = append(c.External, ExternalPass{Fn: p.fn, Index: p.index})
				default:
					c.Escaped, c.Opaque = true, true
				}
			}
		}
		collect(root)
		for _, w := range c.KeptWatches {
			if enqueuesObject(info, w) {
				c.For = w
				break
			}
		}
	}
	var out []*Chain
	for _, root := range roots {
		c := &Chain{Start: root, Reconciler: reconcilerArg(info, root)}
		gather(c, rootFunc[root].groups[root])
		out = append(out, c)
	}
	helpers := make(map[*types.Func]map[int]*Chain)
	for fn, cf := range funcs {
		if ps := paramChains(fn, cf.groups, gather); ps != nil {
			helpers[fn] = ps
		}
	}
	return out, helpers
}

// reconcilerArg returns the static type of the reconciler a call that
// makes a controller is given: the Reconciler field of controller.New's
// options, or the first argument with a Reconcile method; nil if none.
func reconcilerArg(info *types.Info, call *ast.CallExpr) types.Type {
	for _, arg := range call.Args {
		lit, ok := ast.Unparen(arg).(*ast.CompositeLit)
		if !ok || !recognize.IsNamed(info.TypeOf(lit), recognize.PkgController, "TypedOptions") && !recognize.IsNamed(info.TypeOf(lit), recognize.PkgController, "Options") {
			continue
		}
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Reconciler" {
					return unwrapReconciler(info, kv.Value)
				}
			}
		}
	}
	for _, arg := range call.Args {
		if hasReconcile(info.TypeOf(arg)) {
			return unwrapReconciler(info, arg)
		}
	}
	return nil
}

// scanControllerFunc groups the uses of the controllers one function holds:
// variables assigned a controller by a call that is not a builder's, and
// controller parameters. A use other than a method call or a pass to a
// function makes its group opaque: the controller went where its watches
// cannot be followed.
func scanControllerFunc(info *types.Info, fd *ast.FuncDecl) *controllerFunc {
	sc := &controllerScan{info: info, cf: &controllerFunc{groups: make(map[rootKey]*builderGroup)}, vars: make(map[types.Object]rootKey)}
	if fd.Type.Params != nil {
		for _, field := range fd.Type.Params.List {
			for _, name := range field.Names {
				if v, ok := info.Defs[name].(*types.Var); ok && IsController(v.Type()) {
					sc.vars[v] = v
					sc.cf.groups[v] = &builderGroup{}
				}
			}
		}
	}
	// Variables assigned a made controller, in an assignment of one call.
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			sc.made(as)
		}
		return true
	})
	if len(sc.vars) == 0 {
		return sc.cf
	}
	handled := make(map[*ast.Ident]bool)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					handled[id] = true
				}
			}
		case *ast.BinaryExpr: // c == nil
			for _, x := range []ast.Expr{n.X, n.Y} {
				if id, ok := ast.Unparen(x).(*ast.Ident); ok && sc.rootOf(id) != nil {
					handled[id] = true
				}
			}
		case *ast.CallExpr:
			sc.call(n, handled)
		case *ast.Ident:
			if g := sc.rootOf(n); g != nil && !handled[n] {
				g.opaque = true // returned, stored, captured...
			}
		}
		return true
	})
	return sc.cf
}

// controllerScan is the state of scanControllerFunc.
type controllerScan struct {
	info *types.Info
	cf   *controllerFunc
	vars map[types.Object]rootKey // controller variables and parameters -> their group's root
}

// made records a variable assigned a controller made by one call (not a
// builder's Build, whose chain has its KeptWatches).
func (sc *controllerScan) made(as *ast.AssignStmt) {
	if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return
	}
	if _, _, isBuilder := BuilderCall(sc.info, call); isBuilder {
		return
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return
	}
	obj := sc.info.ObjectOf(id)
	if obj == nil || !IsController(obj.Type()) {
		return
	}
	if _, dup := sc.vars[obj]; dup {
		// Assigned twice: which controller a use is cannot be told.
		if k, ok := sc.vars[obj].(*ast.CallExpr); ok {
			sc.cf.groups[k].opaque = true
		}
		return
	}
	sc.vars[obj] = call
	sc.cf.groups[call] = &builderGroup{}
	sc.cf.order = append(sc.cf.order, call)
}

// rootOf returns the group of the controller variable e, or nil.
func (sc *controllerScan) rootOf(e ast.Expr) *builderGroup {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if k, ok := sc.vars[sc.info.Uses[id]]; ok {
			return sc.cf.groups[k]
		}
	}
	return nil
}

// call records a controller's Watch call, and a controller passed to a
// function (a helper, the manager, or one not known: opaque), marking
// those uses handled.
func (sc *controllerScan) call(n *ast.CallExpr, handled map[*ast.Ident]bool) {
	if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
		if g := sc.rootOf(sel.X); g != nil {
			handled[ast.Unparen(sel.X).(*ast.Ident)] = true
			if sel.Sel.Name == "Watch" {
				g.calls = append(g.calls, n)
			}
		}
	}
	fn := recognize.Callee(sc.info, n)
	for i, arg := range n.Args {
		g := sc.rootOf(arg)
		if g == nil {
			continue
		}
		handled[ast.Unparen(arg).(*ast.Ident)] = true
		switch {
		case fn != nil && recognize.Receiver(fn) != nil && recognize.IsNamed(recognize.Receiver(fn), recognize.PkgManager, "Manager"):
			// mgr.Add(c): the manager starts it, adds no watch.
		case fn != nil && !n.Ellipsis.IsValid():
			g.passes = append(g.passes, builderPass{fn: fn, index: i})
		default:
			g.opaque = true
		}
	}
}
