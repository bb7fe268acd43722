package foregrounddeletion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// A guard is what the path from a Delete knows when it meets a condition:
// the variable that holds a helper's "done" result, false on every path
// through a Delete, and the list the Delete ranges over, not empty once
// something was deleted, as is a count the value it was drawn from gives
// (children := s.tree.owned(); ... if s.tree.pending() > 0 { requeue }).
type guard struct {
	notDone *types.Var
	// notDoneCall is the helper's call itself when its only result is
	// that "done" and a condition tests it directly (if !r.cleanup(...)).
	notDoneCall *ast.CallExpr
	ranged      string // types.ExprString of the ranged list, or ""
	// source is types.ExprString of the value whose method gave the
	// ranged list, or "".
	source string
	// covers, when set, reports whether a count call of the source counts
	// every collection of it that the ranged list was drawn from.
	covers func(count *ast.CallExpr) bool
	vals   *values.Index
	// deleteErr is the variable that holds the error of the call that
	// deletes (err := c.Delete(ctx, dep)), tested from deletedAt on and
	// until reassigned (at reassigned, or token.NoPos): a not-found of
	// the Delete itself says the dependent is gone, so on a path that
	// deleted something IsNotFound(err) is false.
	deleteErr             *types.Var
	deletedAt, reassigned token.Pos
}

// follow returns, for Forward, the branches of cond the path can take.
func (g guard) follow(info *types.Info) func(b *cfg.Block, cond ast.Expr) []int {
	return func(b *cfg.Block, cond ast.Expr) []int {
		if v, ok := truth(info, cond, g); ok {
			if v {
				return []int{0}
			}
			return []int{1}
		}
		return nil
	}
}

// truth reports the value cond has on a path that deleted something, if
// the guard knows it.
func truth(info *types.Info, cond ast.Expr, g guard) (value, known bool) {
	if t, ok := g.deleteErrTest(info, cond); ok {
		return !t.WhenNotFound, true
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.CallExpr:
		if g.notDoneCall != nil && e == g.notDoneCall {
			return false, true
		}
	case *ast.Ident:
		if g.notDone != nil && info.Uses[e] == g.notDone {
			return false, true
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			v, ok := truth(info, e.X, g)
			return !v, ok
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			x, xok := truth(info, e.X, g)
			y, yok := truth(info, e.Y, g)
			if e.Op == token.LAND && (xok && !x || yok && !y) {
				return false, true
			}
			if e.Op == token.LOR && (xok && x || yok && y) {
				return true, true
			}
			return x, xok && yok
		}
		return countTruth(info, e, g)
	}
	return false, false
}

// deleteErrTest returns the test cond makes when it tells exactly whether
// the error of the guard's Delete is a not-found (apierrors.IsNotFound(err)
// and its negations; not client.IgnoreNotFound(err) == nil, also true for
// nil), where the variable still holds that error.
func (g guard) deleteErrTest(info *types.Info, cond ast.Expr) (recognize.ErrTest, bool) {
	if g.deleteErr == nil || cond.Pos() < g.deletedAt || g.reassigned.IsValid() && cond.Pos() > g.reassigned {
		return recognize.ErrTest{}, false
	}
	t, ok := recognize.AsNotFoundTest(info, cond)
	if !ok || !t.Exact {
		return recognize.ErrTest{}, false
	}
	id, ok := ast.Unparen(t.Err).(*ast.Ident)
	return t, ok && info.Uses[id] == g.deleteErr
}

// countTruth reports the value of a comparison of the ranged list's count
// with zero (len(list) > 0, len(list) != 0, len(list) == 0, 0 <
// len(list)) on a path that deleted something: the list is not empty.
func countTruth(info *types.Info, e *ast.BinaryExpr, g guard) (value, known bool) {
	if g.ranged == "" {
		return false, false
	}
	isCount := func(e ast.Expr) bool { return isLenOf(info, e, g.ranged) || g.derivedCount(info, e) }
	x, y, op := e.X, e.Y, e.Op
	if isCount(y) {
		x, y = y, x
		switch op {
		case token.LSS:
			op = token.GTR
		case token.GTR:
			op = token.LSS
		}
	}
	if !isCount(x) || !isZero(info, y) {
		return false, false
	}
	switch op {
	case token.GTR, token.NEQ:
		return true, true
	case token.EQL:
		return false, true
	}
	return false, false
}
func isLenOf(info *types.Info, e ast.Expr, list string) bool {
	x := recognize.LenArg(info, e)
	return x != nil && types.ExprString(ast.Unparen(x)) == list
}

// derivedCount reports whether e is an integer that a method of the
// ranged list's source gives (s.tree.pending()), or a variable assigned
// one: a count of what the list was drawn from, the deleted objects
// included.
func (g guard) derivedCount(info *types.Info, e ast.Expr) bool {
	if g.source == "" {
		return false
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && g.vals != nil {
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		as := g.vals.Assignments(v)
		if len(as) != 1 || as[0].Single() == nil {
			return false
		}
		e = as[0].Single()
	}
	t := info.TypeOf(e) // nil when e does not type-check
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 || methodSource(info, e) != g.source {
		return false
	}
	call, _ := ast.Unparen(e).(*ast.CallExpr)
	return g.covers == nil || g.covers(call)
}

// methodSource returns types.ExprString of the receiver of e, a method
// call, or "".
func methodSource(info *types.Info, e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return ""
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return ""
	}
	return types.ExprString(ast.Unparen(sel.X))
}

func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) == 0
}

// rangedList returns the list that a range statement of f's body around
// pos ranges over, or nil.
func rangedList(body *ast.BlockStmt, pos token.Pos) ast.Expr {
	var list ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if r, ok := n.(*ast.RangeStmt); ok && r.Body.Pos() <= pos {
			list = ast.Unparen(r.X)
		}
		return true
	})
	return list
}

// notDoneResult returns the index of fn's bool result that is false on
// every return a path through a dependent Delete reaches (a "done" result
// that is true only when nothing was left to delete), or -1. Results are
// cached per function.
func (c *checker) notDoneResult(fn *types.Func, self types.Type) int {
	f := c.code.Func(fn)
	if f == nil {
		return -1
	}
	if k, ok := c.notDone[f.Obj]; ok {
		return k
	}
	if c.notDone == nil {
		c.notDone = make(map[*types.Func]int)
	}
	c.notDone[f.Obj] = -1 // cuts recursion
	k := -1
	for i, t := range recognize.ResultTypes(f.Obj) {
		if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			k = i
			break
		}
	}
	if k >= 0 && !c.falseAfterDelete(f, self, k) {
		k = -1
	}
	c.notDone[f.Obj] = k
	return k
}

// falseAfterDelete reports whether f deletes a dependent and every return
// reached from one of its Deletes returns the constant false as result k.
// When f also deletes kinds that can linger, the Deletes of kinds with no
// finalizer of their own do not count: once one succeeds nothing is left
// to wait for, and "done" may be true after it (a Secret cleaned up when
// the rest is gone).
func (c *checker) falseAfterDelete(f *deletionpath.Func, self types.Type, k int) bool {
	type site struct {
		b        *cfg.Block
		i        int
		at       token.Pos
		harmless bool
	}
	var sites []site
	lingering := false
	for _, b := range f.CFG.Blocks {
		if !b.Live {
			continue
		}
		for i, n := range b.Nodes {
			at := n.Pos()
			del := c.dependentDelete(n, self)
			if del != nil {
				at = del.Pos()
			} else if del = c.helperDelete(n, self); del == nil {
				continue
			}
			harmless := c.noFinalizerOfItsOwn(c.deletedKinds(del))
			lingering = lingering || !harmless
			sites = append(sites, site{b, i, at, harmless})
		}
	}
	for _, s := range sites {
		if lingering && s.harmless {
			continue
		}
		if !c.falseFrom(f, s.b, s.i, s.at, self, k) {
			return false
		}
	}
	return len(sites) > 0
}

// falseFrom reports whether every return reached from node i of block b,
// which deletes (at at), returns false as result k.
func (c *checker) falseFrom(f *deletionpath.Func, b *cfg.Block, i int, at token.Pos, self types.Type, k int) bool {
	ok := true
	// The list the Delete ranges over is not empty on this path:
	// return len(list) == 0 returns false.
	g := guard{vals: c.vals}
	if list := rangedList(f.Decl.Body, at); list != nil {
		g.ranged = types.ExprString(list)
	}
	// Bool variables set to false after the Delete (allDeleted =
	// false) and never to anything else on the way: returning one
	// returns false.
	setFalse, setOther := make(map[types.Object]bool), make(map[types.Object]bool)
	f.Forward(b, i, func(b *cfg.Block, from int) bool {
		for _, n := range b.Nodes[from:] {
			if ret, isRet := n.(*ast.ReturnStmt); isRet {
				if len(ret.Results) <= k || !c.falseResult(ret.Results[k], g) && !falseVar(c.info, ret.Results[k], setFalse, setOther) {
					ok = false
				}
				return false
			}
			c.noteBoolAssigns(n, self, setFalse, setOther)
		}
		return ok
	}, nil)
	return ok
}

// noteBoolAssigns records the variables node n assigns: to the constant
// false, or to the "done" result of a helper that deletes (see
// notDoneResult: done, err = r.cleanupPods(ctx, obj)), which is false on
// a path that deleted something; or to anything else.
func (c *checker) noteBoolAssigns(n ast.Node, self types.Type, setFalse, setOther map[types.Object]bool) {
	as, ok := n.(*ast.AssignStmt)
	if !ok {
		return
	}
	if call, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); isCall && len(as.Rhs) == 1 && len(as.Lhs) > 1 {
		k := -1
		if fn := recognize.Callee(c.info, call); fn != nil {
			k = c.notDoneResult(fn, self)
		}
		for i, l := range as.Lhs {
			id := identOf(l)
			if id == nil {
				continue
			}
			if v := c.info.ObjectOf(id); v != nil {
				if i == k {
					setFalse[v] = true
				} else {
					setOther[v] = true
				}
			}
		}
		return
	}
	if len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			continue
		}
		v := c.info.ObjectOf(id)
		if v == nil {
			continue
		}
		if isFalse(c.info, as.Rhs[i]) {
			setFalse[v] = true
		} else {
			setOther[v] = true
		}
	}
}

// falseVar reports whether e is a variable that the path set to false and
// to nothing else.
func falseVar(info *types.Info, e ast.Expr, setFalse, setOther map[types.Object]bool) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v := info.Uses[id]
	return v != nil && setFalse[v] && !setOther[v]
}

// falseResult reports whether e is false on a path that deleted
// something: the constant false, or a test the guard knows to be false
// (len(list) == 0 of the list ranged over).
func (c *checker) falseResult(e ast.Expr, g guard) bool {
	if isFalse(c.info, e) {
		return true
	}
	v, known := truth(c.info, e, g)
	return known && !v
}

func isFalse(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}

// guardAt returns what the path from node n, which deletes through the
// call at or directly, knows.
func (c *checker) guardAt(f *deletionpath.Func, n ast.Node, at, del *ast.CallExpr, self types.Type) guard {
	g := guard{vals: c.vals}
	if list := rangedList(f.Decl.Body, del.Pos()); list != nil {
		g.ranged = types.ExprString(list)
		// The value whose method gave the ranged list: children :=
		// s.tree.owned(); for _, x := range children { Delete }.
		if id, ok := list.(*ast.Ident); ok && c.vals != nil {
			if v, ok := c.info.Uses[id].(*types.Var); ok {
				if as := c.vals.Assignments(v); len(as) == 1 && as[0].Result == 0 && as[0].Value != nil {
					g.source = methodSource(c.info, as[0].Value)
					if lister, ok := ast.Unparen(as[0].Value).(*ast.CallExpr); ok {
						g.covers = func(count *ast.CallExpr) bool { return c.countCovers(count, lister) }
					}
				}
			}
		}
	}
	if at == del || c.errorOnlyOf(at, del) {
		c.noteDeleteErr(&g, n, at)
	}
	if at == del {
		return g
	}
	fn := recognize.Callee(c.info, at)
	if fn == nil {
		return g
	}
	k := c.notDoneResult(fn, self)
	if k < 0 {
		return g
	}
	if k == 0 && len(recognize.ResultTypes(fn)) == 1 {
		g.notDoneCall = at
	}
	if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == at && k < len(as.Lhs) {
		if id, ok := ast.Unparen(as.Lhs[k]).(*ast.Ident); ok {
			if v, ok := c.info.ObjectOf(id).(*types.Var); ok {
				g.notDone = v
			}
		}
	}
	return g
}

// errorOnlyOf reports whether at calls the function that holds the Delete
// del and every error that function returns is nil or del's own: its
// not-found is the Delete's (a helper that also reads something else may
// return that read's).
func (c *checker) errorOnlyOf(at, del *ast.CallExpr) bool {
	h, _ := c.code.Around(del)
	if h == nil || recognize.Callee(c.info, at) != h.Obj {
		return false
	}
	only := true
	ast.Inspect(h.Decl.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || !only {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		e := ast.Unparen(errorResult(h, ret))
		switch {
		case e == nil:
			only = false // a bare return, or no error result
		case e == ast.Expr(del), recognize.IsNil(c.info, e):
		default:
			// err := r.Delete(ctx, obj); ...; return err
			if only = c.vals != nil; only {
				v := c.vals.Var(e)
				only = v != nil && ast.Unparen(c.vals.Sole(v)) == ast.Expr(del)
			}
		}
		return false
	})
	return only
}

// noteDeleteErr records in g the variable that node n assigns the error of
// the call at, which deletes, to (err := r.Delete(ctx, dep), or a helper's
// last error result), with where it is next assigned; none when its
// address is taken.
func (c *checker) noteDeleteErr(g *guard, n ast.Node, at *ast.CallExpr) {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != at || c.vals == nil {
		return
	}
	var last types.Type // the call's last result
	switch t := c.info.TypeOf(at).(type) {
	case nil:
		return
	case *types.Tuple:
		if t.Len() == 0 || t.Len() != len(as.Lhs) {
			return
		}
		last = t.At(t.Len() - 1).Type()
	default:
		if len(as.Lhs) != 1 {
			return
		}
		last = t
	}
	if !recognize.IsError(last) {
		return
	}
	id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
	if !ok {
		return
	}
	v, ok := c.info.ObjectOf(id).(*types.Var)
	if !ok || c.vals.Addressed(v) {
		return
	}
	g.deleteErr, g.deletedAt = v, at.End()
	for _, a := range c.vals.Assignments(v) {
		if p := a.Node.Pos(); p > as.End() && (!g.reassigned.IsValid() || p < g.reassigned) {
			g.reassigned = p
		}
	}
}

// noFinalizerOfItsOwn reports whether objects of every kind of kinds
// (children.Kind keys; at least one) carry no finalizer that can hold their
// deletion for good: a built-in kind (recognize.NeverHeldForGood) to which
// the package adds no finalizer of its own.
func (c *checker) noFinalizerOfItsOwn(kinds []string) bool {
	if len(kinds) == 0 {
		return false
	}
	for _, k := range kinds {
		if !recognize.NeverHeldForGood(objkind.Split(k)) {
			return false
		}
	}
	c.loadFinalized()
	return !slices.ContainsFunc(kinds, func(k string) bool { return c.finalized[k] })
}

// foreignProjects returns, when every kind of kinds that may keep a
// finalizer of its own is another project's (not this package's project's,
// nor one of Kubernetes' own) and the package gives it none, those
// projects: whether their controllers give the kind finalizers is not in
// the code, so a deletion that waits on them is only possible. It returns
// nil when any kind is this project's, Kubernetes', given a finalizer
// here, or not known.
func (c *checker) foreignProjects(kinds []string) []string {
	c.loadFinalized()
	var projects []string
	for _, k := range kinds {
		path, name := objkind.Split(k)
		switch {
		case path != "" && recognize.NeverHeldForGood(path, name):
			continue
		case path == "", c.finalized[k], recognize.KubernetesProject(path), ownKind(k, recognize.Project(c.pass.Pkg.Path())):
			return nil
		}
		if p := recognize.Project(path); !slices.Contains(projects, p) {
			projects = append(projects, p)
		}
	}
	return projects
}

// loadFinalized sets c.finalized, the kinds the package adds a finalizer
// to, once.
func (c *checker) loadFinalized() {
	if c.finalized == nil {
		c.finalized = recognize.FinalizedTypes(c.info, c.calls())
	}
}

// failureKeepsFinalizer reports whether, in f, a failure of call (an error
// other than not-found) keeps the finalizer: the if statement that tests
// the call's error takes a branch from which no finalizer removal is
// reached (it returns, or the removal sits on the success branch), or that
// branch appends to the list a SetFinalizers removal writes back (a loop
// over the finalizers that keeps the ones whose cleanup failed). Either
// way the failure is observed: the object stays, with its finalizer.
func (c *checker) failureKeepsFinalizer(f *deletionpath.Func, call *ast.CallExpr) bool {
	ifs, atom := c.errorTest(f.Decl.Body, call)
	return ifs != nil && c.failureBranchKeeps(f, ifs, atom)
}

// errorTest returns the if statement of body that tests the error call's
// result is assigned to, and the value of its condition's operands on a
// failure (an error other than not-found); nil when there is none.
func (c *checker) errorTest(body *ast.BlockStmt, call *ast.CallExpr) (*ast.IfStmt, func(ast.Expr) (bool, bool)) {
	_, as, ifs := recognize.ErrorHandling(body, call)
	v := deletionpath.ErrorVar(c.info, as, call)
	if v == nil || ifs == nil {
		return nil, nil
	}
	return ifs, func(cond ast.Expr) (bool, bool) { return deletionpath.FailureValue(c.info, cond, v) }
}

// failureTaken returns the branch of ifs (its body or its else, maybe
// nil) that a failure takes, atom giving the condition's operands, and
// whether the condition's value on a failure is known.
func failureTaken(ifs *ast.IfStmt, atom func(ast.Expr) (bool, bool)) (taken ast.Stmt, body, known bool) {
	val, known := deletionpath.Eval(ifs.Cond, atom)
	if val {
		return ifs.Body, true, known
	}
	return ifs.Else, false, known
}

// flagKeepsFinalizer reports whether, in f, a true result of the call at
// (a helper whose bool result says that its Delete failed) keeps the
// finalizer: the if statement whose condition it is takes a branch from
// which no finalizer removal is reached, as for failureKeepsFinalizer.
func (c *checker) flagKeepsFinalizer(f *deletionpath.Func, at *ast.CallExpr) bool {
	var ifs *ast.IfStmt
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if s, ok := n.(*ast.IfStmt); ok && ast.Unparen(s.Cond) == at {
			ifs = s
		}
		return ifs == nil
	})
	if ifs == nil {
		return false
	}
	return c.failureBranchKeeps(f, ifs, func(cond ast.Expr) (bool, bool) { return true, ast.Unparen(cond) == at })
}

// failureBranchKeeps reports whether the branch of ifs that a failure
// takes (atom gives the value of the condition's operands on a failure)
// keeps the finalizer: no removal is reached from it, or it appends to the
// list a SetFinalizers removal writes back. A bool variable the branch sets
// to true (failed = true) holds on the way: a later if failed { return }
// stops the path.
func (c *checker) failureBranchKeeps(f *deletionpath.Func, ifs *ast.IfStmt, atom func(ast.Expr) (bool, bool)) bool {
	_, b := c.code.Block(ifs.Cond)
	if b == nil || len(b.Succs) != 2 {
		return false
	}
	taken, body, known := failureTaken(ifs, atom)
	if !known {
		return false
	}
	branch := b.Succs[1]
	if body {
		branch = b.Succs[0]
	}
	flags, _ := c.setTrue(taken, atom)
	failing := func(cond ast.Expr) (bool, bool) {
		if id, ok := ast.Unparen(cond).(*ast.Ident); ok && flags[c.info.Uses[id]] {
			return true, true
		}
		return atom(cond)
	}
	kept := c.appendedIn(f, branch)
	reached := false
	f.Forward(branch, 0, func(b *cfg.Block, from int) bool {
		for _, n := range b.Nodes[from:] {
			if c.code.ReachesRemoval(n) && !c.writesBack(n, kept) {
				reached = true
				return false
			}
			if _, ok := n.(*ast.ReturnStmt); ok {
				return false
			}
		}
		return true
	}, func(_ *cfg.Block, cond ast.Expr) []int {
		if val, known := deletionpath.Eval(cond, failing); known {
			return []int{boolIndex(val)}
		}
		return nil
	})
	return !reached
}

// setTrue returns the bool variables that n (a branch, or nil) sets to
// true on the paths that atom's values take, and whether such a path
// returns true.
func (c *checker) setTrue(n ast.Node, atom func(ast.Expr) (bool, bool)) (flags map[types.Object]bool, returnsTrue bool) {
	flags = make(map[types.Object]bool)
	isTrue := func(e ast.Expr) bool {
		tv := c.info.Types[e]
		return tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
	}
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		switch s := n.(type) {
		case *ast.BlockStmt:
			for _, st := range s.List {
				walk(st)
			}
		case *ast.IfStmt:
			val, known := deletionpath.Eval(s.Cond, atom)
			switch {
			case known && val:
				walk(s.Body)
			case known && s.Else != nil:
				walk(s.Else)
			}
		case *ast.AssignStmt:
			if len(s.Lhs) == 1 && len(s.Rhs) == 1 && isTrue(s.Rhs[0]) {
				if v := deletionpath.RootVar(c.info, s.Lhs[0]); v != nil {
					flags[v] = true
				}
			}
		case *ast.ReturnStmt:
			returnsTrue = returnsTrue || slices.ContainsFunc(s.Results, isTrue)
		}
	}
	if n != nil {
		walk(n)
	}
	return flags, returnsTrue
}

// failureFlagged reports whether h, the helper whose Delete del is, says
// that del failed through its bool result: the branch a failure takes sets
// a named bool result to true (hasErrors = true; return) or returns true.
func (c *checker) failureFlagged(h *deletionpath.Func, del *ast.CallExpr) bool {
	ifs, atom := c.errorTest(h.Decl.Body, del)
	if ifs == nil {
		return false
	}
	taken, _, known := failureTaken(ifs, atom)
	if !known {
		return false
	}
	flags, returnsTrue := c.setTrue(taken, atom)
	if returnsTrue {
		return true
	}
	sig, _ := h.Obj.Type().(*types.Signature)
	for r := range sig.Results().Variables() {
		if flags[r] && recognize.IsBool(r.Type()) {
			return true
		}
	}
	return false
}

func boolIndex(v bool) int {
	if v {
		return 0
	}
	return 1
}

// appendedIn returns the variables that the blocks only branch leads to
// (those it dominates) append to: what a failure branch keeps.
func (c *checker) appendedIn(f *deletionpath.Func, branch *cfg.Block) map[types.Object]bool {
	// A block the entry reaches without passing branch is not branch's own.
	shared := f.Avoiding(func(b *cfg.Block, succ int) bool { return b.Succs[succ] == branch })
	if len(f.CFG.Blocks) > 0 && f.CFG.Blocks[0] == branch {
		shared = nil
	}
	kept := make(map[types.Object]bool)
	for _, b := range f.CFG.Blocks {
		if shared[b] || !b.Live {
			continue
		}
		for _, n := range b.Nodes {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !recognize.IsAppend(c.info, as.Rhs[0]) {
				continue
			}
			if x := deletionpath.RootVar(c.info, as.Lhs[0]); x != nil {
				kept[x] = true
			}
		}
	}
	return kept
}

// writesBack reports whether every finalizer removal in n is a
// SetFinalizers call or Finalizers assignment whose list is one of kept.
func (c *checker) writesBack(n ast.Node, kept map[types.Object]bool) bool {
	if len(kept) == 0 {
		return false
	}
	all, some := true, false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := recognize.AsFinalizerEdit(c.info, n); ok {
			some = true
			if v := deletionpath.WrittenBack(c.info, n); v == nil || !kept[v] {
				all = false
			}
		}
		return true
	})
	return some && all
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// countCovers reports whether the method call count counts every
// collection of its receiver that the method call lister draws its list
// from: the fields of the receiver that count reads (through the
// receiver's other methods too) include those lister reads. A count that
// leaves one out (MachinePools listed and deleted, not counted) does not
// wait for what the list held. Methods whose bodies are not in the
// package are taken to cover.
func (c *checker) countCovers(count, lister *ast.CallExpr) bool {
	listed, ok := c.receiverFields(recognize.Callee(c.info, lister), 0)
	if !ok {
		return true
	}
	counted, ok := c.receiverFields(recognize.Callee(c.info, count), 0)
	if !ok {
		return true
	}
	for f := range listed {
		if !counted[f] {
			return false
		}
	}
	return true
}

// receiverFields returns the fields of its receiver that method fn's body
// selects (c.machinePools), and those of the receiver's methods it calls,
// and whether fn's body is known.
func (c *checker) receiverFields(fn *types.Func, depth int) (map[string]bool, bool) {
	f := c.code.Func(fn)
	if f == nil || f.Decl.Recv == nil || len(f.Decl.Recv.List) != 1 || len(f.Decl.Recv.List[0].Names) != 1 || depth > 3 {
		return nil, false
	}
	recv := c.info.Defs[f.Decl.Recv.List[0].Names[0]]
	out := make(map[string]bool)
	known := true
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || recv == nil || c.info.Uses[id] != recv {
			return true
		}
		switch s := c.info.Selections[sel]; {
		case s == nil:
		case s.Kind() == types.FieldVal:
			out[sel.Sel.Name] = true
		case s.Kind() == types.MethodVal:
			m, ok := c.receiverFields(s.Obj().(*types.Func), depth+1)
			known = known && ok
			for k := range m {
				out[k] = true
			}
		}
		return true
	})
	return out, known
}
