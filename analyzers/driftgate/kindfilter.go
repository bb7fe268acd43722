package driftgate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// categoryKindFilter: a builder-wide event filter that lets only one
// kind's objects through, which drops every event of the children.
const categoryKindFilter = "kind-filter"

// kindPredicate is the fact of a predicate function that accepts objects
// of one kind only (func(obj) bool whose body returns false unless obj is
// a *Kind), or of a function that returns one: a filter made of it drops
// every event of any other kind.
type kindPredicate struct {
	// Kind is the accepted kind's key ("import/path.Name").
	Kind string
	// Is reports that the function is the predicate; else it returns one.
	Is bool
}

// AFact implements analysis.Fact.
func (*kindPredicate) AFact() {}

func (f *kindPredicate) String() string {
	if f.Is {
		return "kindPredicate(" + f.Kind + ")"
	}
	return "returnsKindPredicate(" + f.Kind + ")"
}

// findKindPredicates records and exports the package's functions every
// return of which is a predicate function of one kind, to a fixed point,
// as one may return another.
func (c *checker) findKindPredicates() {
	for _, fn := range c.funcs {
		fd := c.decls[fn]
		if recognize.Receiver(fn) != nil || !recognize.Exportable(fn) {
			continue
		}
		if kind := c.guardedKind(fd.Type, fd.Body); kind != "" {
			c.pass.ExportObjectFact(fn, &kindPredicate{Kind: kind, Is: true})
		}
	}
	fixpoint.Solve(c.funcs, func(fn *types.Func) bool {
		if c.kindFuncs[fn] != "" || len(recognize.ResultTypes(fn)) != 1 {
			return false
		}
		kind, all := "", true
		ast.Inspect(c.decls[fn].Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				k := ""
				if len(n.Results) == 1 {
					k = c.filterKind(n.Results[0], 0)
				}
				if k == "" || kind != "" && k != kind {
					all = false
				}
				kind = k
			}
			return all
		})
		if kind == "" || !all {
			return false
		}
		c.kindFuncs[fn] = kind
		return true
	})
	for fn, kind := range c.kindFuncs {
		if recognize.Exportable(fn) {
			c.pass.ExportObjectFact(fn, &kindPredicate{Kind: kind})
		}
	}
}

// filterKind returns the kind key of the only objects the predicate e lets
// through, or "": a function (literal or declared) that returns false
// unless its object is of one concrete type; the call of a function that
// returns one (of the package, or with a fact); and a wrapper that applies
// such a function to every event (predicate.NewPredicateFuncs, a
// framework's NewPredicates) or joins it with And. An Or or a Not lets
// other objects through.
func (c *checker) filterKind(e ast.Expr, depth int) string {
	if depth > 6 {
		return ""
	}
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return c.guardedKind(e.Type, e.Body)
	case *ast.Ident, *ast.SelectorExpr:
		id, _ := e.(*ast.Ident)
		if sel, ok := e.(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
		switch obj := info.Uses[id].(type) {
		case *types.Func:
			if recognize.Receiver(obj) != nil {
				return ""
			}
			if fd := c.decls[obj.Origin()]; fd != nil {
				return c.guardedKind(fd.Type, fd.Body)
			}
			if f := new(kindPredicate); c.pass.ImportObjectFact(obj.Origin(), f) && f.Is {
				return f.Kind
			}
		case *types.Var:
			if rhs := c.vals.Sole(obj); rhs != nil {
				return c.filterKind(rhs, depth+1)
			}
		}
	case *ast.CallExpr:
		fn := recognize.Callee(info, e)
		if fn == nil {
			return ""
		}
		fn = fn.Origin()
		if fn.Pkg() == c.pass.Pkg {
			if k := c.kindFuncs[fn]; k != "" {
				return k
			}
		} else if f := new(kindPredicate); c.pass.ImportObjectFact(fn, f) && !f.Is {
			return f.Kind
		}
		// A wrapper of one predicate (predicate.NewPredicateFuncs(f), a
		// framework's NewPredicates(f)) lets through what it does; one of
		// several may join them with Or, and Not inverts it.
		if recognize.IsFunc(fn, recognize.PkgPredicate, "Not") || !returnsPredicate(fn) {
			return ""
		}
		var inner ast.Expr
		for _, a := range e.Args {
			if t := info.TypeOf(a); t != nil && isPredicateType(t) {
				if inner != nil {
					return ""
				}
				inner = a
			}
		}
		if inner != nil {
			return c.filterKind(inner, depth+1)
		}
	}
	return ""
}

// returnsPredicate reports whether fn's only result is a predicate (see
// isPredicateType).
func returnsPredicate(fn *types.Func) bool {
	res := recognize.ResultTypes(fn)
	return len(res) == 1 && isPredicateType(res[0])
}

// isPredicateType reports whether t is an event predicate (a value with
// Create, Update, Delete and Generic methods) or a function returning a
// bool.
func isPredicateType(t types.Type) bool {
	if sig, ok := t.Underlying().(*types.Signature); ok {
		r := sig.Results()
		return r.Len() == 1 && types.Identical(r.At(0).Type().Underlying(), types.Typ[types.Bool])
	}
	for _, m := range []string{"Create", "Update", "Delete", "Generic"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, m); obj == nil {
			return false
		}
	}
	return true
}

// guardedKind returns the kind key of T when the function with type ft and
// body returns a bool and, as its first statements, asserts its first
// parameter, an interface, to the concrete type T and returns false when
// that fails (x, ok := obj.(*T); if !ok { return false }, or the
// assertion in the if's init, or return ok); else "".
func (c *checker) guardedKind(ft *ast.FuncType, body *ast.BlockStmt) string {
	info := c.pass.TypesInfo
	if body == nil || ft.Params == nil || len(ft.Params.List) == 0 || len(ft.Params.List[0].Names) == 0 ||
		ft.Results == nil || ft.Results.NumFields() != 1 || len(body.List) == 0 {
		return ""
	}
	if t := info.TypeOf(ft.Results.List[0].Type); t == nil || !types.Identical(t.Underlying(), types.Typ[types.Bool]) {
		return ""
	}
	param := info.Defs[ft.Params.List[0].Names[0]]
	if param == nil || !types.IsInterface(param.Type()) {
		return ""
	}
	switch s := body.List[0].(type) {
	case *ast.IfStmt:
		if kind, ok := c.assertion(s.Init, param); kind != "" && c.falseWithout(s, ok) {
			return kind
		}
	case *ast.AssignStmt:
		kind, ok := c.assertion(s, param)
		if kind == "" || len(body.List) < 2 {
			return ""
		}
		switch next := body.List[1].(type) {
		case *ast.IfStmt:
			if next.Init == nil && c.falseWithout(next, ok) {
				return kind
			}
		case *ast.ReturnStmt:
			if len(next.Results) == 1 && c.isVar(next.Results[0], ok) {
				return kind
			}
		}
	}
	return ""
}

// assertion returns, for s an assignment x, ok := param.(T) (or _, ok),
// the kind key of T, a concrete type, and the ok variable; else "".
func (c *checker) assertion(s ast.Stmt, param types.Object) (string, types.Object) {
	info := c.pass.TypesInfo
	as, isAssign := s.(*ast.AssignStmt)
	if !isAssign || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return "", nil
	}
	ta, isAssert := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
	if !isAssert || ta.Type == nil || !c.isVar(ta.X, param) {
		return "", nil
	}
	t := info.TypeOf(ta.Type)
	okID, isID := as.Lhs[1].(*ast.Ident)
	if t == nil || types.IsInterface(t) || !isID {
		return "", nil
	}
	ok := info.Defs[okID]
	if ok == nil {
		ok = info.Uses[okID]
	}
	return objkind.Of(t), ok
}

// falseWithout reports whether s is if !ok { return false }.
func (c *checker) falseWithout(s *ast.IfStmt, ok types.Object) bool {
	u, isNot := ast.Unparen(s.Cond).(*ast.UnaryExpr)
	if !isNot || u.Op != token.NOT || !c.isVar(u.X, ok) || len(s.Body.List) != 1 {
		return false
	}
	r, isRet := s.Body.List[0].(*ast.ReturnStmt)
	return isRet && len(r.Results) == 1 && c.isFalse(r.Results[0])
}

// isVar reports whether e names the variable v.
func (c *checker) isVar(e ast.Expr, v types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && v != nil && c.pass.TypesInfo.Uses[id] == v
}

// checkKindFilter reports filter, a builder-wide WithEventFilter whose
// predicate lets only objects of kind through, when the builder watches
// children of another kind: every event of theirs, creations and
// deletions too, is dropped.
func (c *checker) checkKindFilter(chain *builders.Chain, filter *ast.CallExpr, kind string, watched []string) {
	file := recognize.FileOf(c.pass.Files, filter.Pos())
	var dropped, droppedKinds []string
	for _, w := range watched {
		if c.kinds.Key(w) == c.kinds.Key(kind) {
			continue
		}
		name, _ := objkind.NameIn(c.pass.Pkg, file, w)
		dropped = append(dropped, name)
		droppedKinds = append(droppedKinds, w)
	}
	if len(dropped) == 0 {
		return
	}
	slices.Sort(dropped)
	dropped = slices.Compact(dropped)
	accepted, _ := objkind.NameIn(c.pass.Pkg, file, kind)
	_, bare := objkind.Split(kind)
	them := "them"
	if len(dropped) == 1 {
		them = "it"
	}
	repaired := "is not repaired until " + lint.WithArticle(bare) + " changes"
	if poll, ok := c.pollOf(chain, droppedKinds); ok {
		repaired = "is repaired only when the reconciler polls (" + poll.Describe() + ", by its RequeueAfter)"
	}
	msg := "WithEventFilter with a predicate that lets only " + accepted + " objects through filters the events of every watched object: " +
		"every event of the " + lint.Series(dropped, "and") + " this controller watches (creation, change and deletion) is dropped, " +
		"so a deleted or changed one " + repaired + "; give the predicate to For only, with builder.WithPredicates, and " +
		"let the watch of " + them + " through"
	var at ast.Node = filter
	if sel, ok := ast.Unparen(filter.Fun).(*ast.SelectorExpr); ok {
		at = sel.Sel
	}
	lint.Report(c.pass, at, categoryKindFilter, msg)
}
