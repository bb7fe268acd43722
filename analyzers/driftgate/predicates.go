package driftgate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// genPredicate is the fact of an operator's own generation predicate: a
// type whose Update method lets an update through only when the object's
// generation changed (type specChanged struct{ predicate.Funcs } with such
// an Update), or a function that returns one.
type genPredicate struct{}

// AFact implements analysis.Fact.
func (*genPredicate) AFact() {}

func (*genPredicate) String() string { return "generationPredicate" }

// findGenPredicates records and exports the package's generation
// predicates: types whose Update compares generations only, and functions
// (of any name) every return of which is a generation predicate, to a
// fixed point, as one may return another.
func (c *checker) findGenPredicates() {
	for fn, fd := range c.decls {
		if fn.Name() != "Update" {
			continue
		}
		recv := recognize.Named(recognize.Unpointer(recognize.Receiver(fn)))
		if recv == nil || recv.Obj().Pkg() != c.pass.Pkg || !c.generationOnly(fd.Type, fd.Body) {
			continue
		}
		c.genTypes[recv.Obj()] = true
		c.pass.ExportObjectFact(recv.Obj(), new(genPredicate))
	}
	fixpoint.Solve(c.funcs, func(fn *types.Func) bool {
		if c.genFuncs[fn] || recognize.Receiver(fn) != nil || len(recognize.ResultTypes(fn)) != 1 {
			return false
		}
		found, all := false, true
		ast.Inspect(c.decls[fn].Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if len(n.Results) == 1 && c.isGenPredicate(n.Results[0], 0) {
					found = true
				} else {
					all = false
				}
			}
			return all
		})
		if found && all {
			c.genFuncs[fn] = true
		}
		return found && all
	})
	for fn := range c.genFuncs {
		if recognize.Exportable(fn) {
			c.pass.ExportObjectFact(fn, new(genPredicate))
		}
	}
}

// ownGenPredicate reports whether e is an operator's own generation
// predicate: a predicate.Funcs literal whose UpdateFunc compares
// generations only, a value of a type with such an Update method, or the
// call of a function that returns one (of this package, or with a fact).
func (c *checker) ownGenPredicate(e ast.Expr) bool {
	info := c.pass.TypesInfo
	switch e := e.(type) {
	case *ast.CompositeLit:
		t := info.TypeOf(e)
		if recognize.IsNamed(t, recognize.PkgPredicate, "TypedFuncs") || recognize.IsNamed(t, recognize.PkgPredicate, "Funcs") {
			for _, elt := range e.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				id, ok := kv.Key.(*ast.Ident)
				if !ok || id.Name != "UpdateFunc" {
					continue
				}
				if fl, ok := ast.Unparen(kv.Value).(*ast.FuncLit); ok {
					return c.generationOnly(fl.Type, fl.Body)
				}
			}
			return false
		}
		if n := recognize.Named(t); n != nil {
			return c.isGenType(n.Obj())
		}
	case *ast.CallExpr:
		fn := recognize.Callee(info, e)
		if fn == nil {
			return false
		}
		fn = fn.Origin()
		if fn.Pkg() == c.pass.Pkg {
			return c.genFuncs[fn]
		}
		return c.pass.ImportObjectFact(fn, new(genPredicate))
	}
	return false
}

// isGenType reports whether tn is a generation predicate type of the
// package or, by its fact, of another.
func (c *checker) isGenType(tn *types.TypeName) bool {
	if tn.Pkg() == c.pass.Pkg {
		return c.genTypes[tn]
	}
	return tn.Pkg() != nil && c.pass.ImportObjectFact(tn, new(genPredicate))
}

// generationOnly reports whether the update predicate with type ft and
// body lets an update through only when the generation changed: each
// return is false or a comparison of two objects' generations (also
// negated, or several joined by && and ||), and one is such a comparison.
func (c *checker) generationOnly(ft *ast.FuncType, body *ast.BlockStmt) bool {
	if body == nil || ft.Params == nil || ft.Params.NumFields() != 1 {
		return false
	}
	found, all := false, true
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if c.nilGuard(n.Cond) {
				// An update event always carries both objects: what a
				// nil guard returns lets no real update through.
				if n.Else != nil {
					ast.Inspect(n.Else, visit)
				}
				return false
			}
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				all = false
				return false
			}
			switch r := ast.Unparen(n.Results[0]); {
			case c.isFalse(r):
			case c.generationCompare(r):
				found = true
			default:
				all = false
			}
		}
		return all
	}
	ast.Inspect(body, visit)
	return found && all
}

// nilGuard reports whether cond only tests values for nil (x == nil, joined
// by ||), as predicates guard against events without objects.
func (c *checker) nilGuard(cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LOR:
		return c.nilGuard(b.X) && c.nilGuard(b.Y)
	case token.EQL:
		return recognize.IsNil(c.pass.TypesInfo, b.Y) || recognize.IsNil(c.pass.TypesInfo, b.X)
	}
	return false
}

// isFalse reports whether e is the constant false.
func (c *checker) isFalse(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}

// generationCompare reports whether e compares generations only.
func (c *checker) generationCompare(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return e.Op == token.NOT && c.generationCompare(e.X)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			return c.generationCompare(e.X) && c.generationCompare(e.Y)
		case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
			return isGenerationRead(e.X) && isGenerationRead(e.Y)
		}
	}
	return false
}

// isGenerationRead reports whether e reads an object's metadata.generation:
// x.GetGeneration(), x.Generation, x.ObjectMeta.Generation.
func isGenerationRead(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "GetGeneration" && len(e.Args) == 0
	case *ast.SelectorExpr:
		return e.Sel.Name == "Generation"
	}
	return false
}

// checkWatchPredicates reports the generation predicates given to one
// watch of a child (Owns, or Watches of a child kind or with the owner's
// handler) with builder.WithPredicates: they drop that child's updates
// that leave its generation alone, as a builder-wide filter does.
func (c *checker) checkWatchPredicates(chain *builders.Chain, w childWatches) {
	info := c.pass.TypesInfo
	for _, call := range chain.Calls {
		m, _, _ := builders.BuilderCall(info, call)
		kind := c.watchedKind(call)
		var opts []ast.Expr
		switch m {
		case "Owns":
			if len(call.Args) > 1 && w.ofChild(m, call, kind) {
				opts = call.Args[1:]
			}
		case "Watches", "WatchesMetadata":
			if len(call.Args) > 2 && w.ofChild(m, call, kind) {
				opts = call.Args[2:]
			}
		}
		for _, o := range opts {
			wp, ok := ast.Unparen(o).(*ast.CallExpr)
			if !ok || !recognize.IsFunc(recognize.Callee(info, wp), recognize.PkgBuilder, "WithPredicates") {
				continue
			}
			for _, p := range wp.Args {
				if !c.isGenPredicate(p, 0) {
					continue
				}
				_, name := objkind.Split(kind)
				if name == "" {
					name = "child"
				}
				msg := "a generation-changed predicate on " + m + " drops the updates of the " + name +
					" that do not change its generation (its status and metadata, the data of a ConfigMap or Secret), so a changed " + name +
					" is not repaired; give generation predicates to For only"
				if isJob(kind) {
					msg = "a generation-changed predicate on " + m + " drops a Job's status changes (completion, failure), which do not change its generation, " +
						"so this controller sees a Job finish only at its next reconcile; give generation predicates to For only"
				}
				lint.Report(c.pass, p, categoryWatchFilter, msg)
			}
		}
	}
}

// watchedKind returns the kind a builder call watches: its object's, or,
// for a source (Watches(&source.Kind{Type: &T{}}, h) before
// controller-runtime v0.15), that of the object literal in it.
func (c *checker) watchedKind(call *ast.CallExpr) string {
	info := c.pass.TypesInfo
	kind := objkind.Of(builders.ObjectArg(info, call))
	if path, _ := objkind.Split(kind); kind == "" || !recognize.PathUnder(path, recognize.PkgControllerRuntime+"/pkg") || len(call.Args) == 0 {
		return kind
	}
	found := ""
	ast.Inspect(call.Args[0], func(n ast.Node) bool {
		if lit, ok := n.(*ast.CompositeLit); ok && found == "" {
			if k := objkind.Of(info.TypeOf(lit)); k != "" {
				if path, _ := objkind.Split(k); !recognize.PathUnder(path, recognize.PkgControllerRuntime+"/pkg") {
					found = k
				}
			}
		}
		return found == ""
	})
	return found
}
