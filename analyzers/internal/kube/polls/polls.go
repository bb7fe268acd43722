// Package polls finds the reconcilers that poll: those whose every pass
// that succeeds on a live object asks controller-runtime for another pass
// (ctrl.Result{RequeueAfter: d}, or Requeue: true). Such a reconciler
// repairs what it owns within one interval even without a watch, so the
// rules that report a missing watch or a filtered event say "repaired at
// the next poll" instead of "at the next resync".
//
// A return is a pass that succeeds unless its error is a failure (an error
// the function makes: retried with backoff) or it ends a pass on an object
// that is gone (client.IgnoreNotFound) or being deleted (inside a branch
// that tests deletion), or an if around it holds only when the pass failed
// or asks for another (err != nil || !res.IsZero(), with err returned as it
// is or wrapped, res a variable or a field such as sub.result). A return of
// another function of the package that returns a reconcile result polls
// when that function does. A local variable polls when every value it is
// assigned does (rr := ctrl.Result{RequeueAfter: 5 * time.Second} at the
// top, return rr, nil). Any other result (a helper of another package, a
// field returned unguarded) is not known to poll.
package polls

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/isdeleting"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// Analyzer's result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "polls",
	Doc:        "find the reconcilers that ask for another pass after every pass that succeeds (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspection.Analyzer, isdeleting.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	// Sound on packages with type errors: a return that does not
	// type-check polls nothing.
	RunDespiteErrors: true,
}

// A Poll is how a reconciler asks to run again after a pass that
// succeeds.
type Poll struct {
	// Every is the source text of the interval (30 * time.Second), the
	// same on every such return; "" when the returns differ or when they
	// ask for Requeue: true (the controller's backoff).
	Every string
	// Seconds is that interval when it is a constant, else 0.
	Seconds float64
}

// Describe says how often the reconciler runs: "every 30s", or "at its
// next poll" when the interval is not one constant.
func (p Poll) Describe() string {
	if p.Seconds > 0 {
		return "every " + strconv.FormatFloat(p.Seconds, 'f', -1, 64) + "s"
	}
	return "at its next poll"
}

// Result answers, for the functions of the package, whether they poll. It
// is made whole in Run and read-only after it: the rules that share it may
// ask it at the same time.
type Result struct {
	info    *types.Info
	vals    *values.Index
	deleted *isdeleting.Checker
	decls   map[*types.Func]inspector.Cursor
	memo    map[*types.Func]*answer
}

type answer struct {
	poll Poll
	ok   bool
	done bool
}

// Of returns the pass's Result; pass's analyzer must require Analyzer.
func Of(pass *analysis.Pass) *Result {
	r, _ := pass.ResultOf[Analyzer].(*Result)
	return r
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{info: pass.TypesInfo, decls: make(map[*types.Func]inspector.Cursor), memo: make(map[*types.Func]*answer)}
	r.deleted, _ = pass.ResultOf[isdeleting.Analyzer].(*isdeleting.Checker)
	insp := inspection.Of(pass)
	if insp == nil {
		return r, nil
	}
	r.vals = insp.Values
	for cur := range insp.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && fd.Body != nil {
			r.decls[fn] = cur
		}
	}
	for fn := range r.decls {
		r.of(fn)
	}
	return r, nil
}

// Reconciler returns the poll of the Reconcile method of the reconciler
// type recv, and whether it polls.
func (r *Result) Reconciler(recv types.Type) (Poll, bool) {
	if r == nil || recv == nil {
		return Poll{}, false
	}
	obj, _, _ := types.LookupFieldOrMethod(recv, true, nil, "Reconcile")
	fn, ok := obj.(*types.Func)
	if !ok {
		return Poll{}, false
	}
	return r.Of(fn)
}

// Of returns the poll of fn, a function of the package that returns a
// reconcile result and an error, and whether every pass of it that
// succeeds on a live object asks for another. Functions of other packages
// are not known to poll.
func (r *Result) Of(fn *types.Func) (Poll, bool) {
	if r == nil || fn == nil {
		return Poll{}, false
	}
	if a := r.memo[fn.Origin()]; a != nil && a.done {
		return a.poll, a.ok
	}
	return Poll{}, false
}

// of computes and memoises Of, in Run.
func (r *Result) of(fn *types.Func) (Poll, bool) {
	if fn == nil {
		return Poll{}, false
	}
	fn = fn.Origin()
	if a := r.memo[fn]; a != nil {
		return a.poll, a.ok && a.done // a cycle is not known to poll
	}
	a := &answer{}
	r.memo[fn] = a
	a.poll, a.ok = r.compute(fn)
	a.done = true
	return a.poll, a.ok
}

func (r *Result) compute(fn *types.Func) (Poll, bool) {
	cur, ok := r.decls[fn]
	if !ok || !returnsResult(fn) {
		return Poll{}, false
	}
	var poll Poll
	succeeds := false
	for c := range cur.Preorder((*ast.ReturnStmt)(nil), (*ast.FuncLit)(nil)) {
		ret, isRet := c.Node().(*ast.ReturnStmt)
		if !isRet || !innermost(c, cur) {
			continue
		}
		var p Poll
		switch len(ret.Results) {
		case 1:
			if r.endsPass(c) {
				continue
			}
			call, isCall := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
			if !isCall {
				return Poll{}, false
			}
			if p, ok = r.of(recognize.Callee(r.info, call)); !ok {
				return Poll{}, false
			}
		case 2:
			if r.fails(ret.Results[1]) || r.endsPass(c) {
				continue
			}
			if ok, requeues := r.guarded(c, ret.Results[0], ret.Results[1]); ok && !requeues {
				continue // a failure
			} else if ok {
				p = Poll{} // another pass, at an interval not known here
				break
			}
			if p, ok = r.result(ret.Results[0]); !ok {
				return Poll{}, false
			}
		default:
			return Poll{}, false // a bare return of named results
		}
		switch {
		case !succeeds:
			poll, succeeds = p, true
		case p != poll:
			// Returns that differ: the longest constant interval
			// bounds the wait, if every one is a constant.
			longest := max(poll.Seconds, p.Seconds)
			if poll.Seconds == 0 || p.Seconds == 0 {
				longest = 0
			}
			poll = Poll{Seconds: longest}
		}
	}
	return poll, succeeds
}

// returnsResult reports whether fn returns a reconcile result and an
// error.
func returnsResult(fn *types.Func) bool {
	rs := recognize.ResultTypes(fn)
	return len(rs) == 2 && recognize.IsNamedOrPointer(rs[0], recognize.PkgReconcile, "Result") && recognize.IsError(rs[1])
}

// innermost reports whether the innermost function around c is the one
// fd is (not a function literal inside it).
func innermost(c, fd inspector.Cursor) bool {
	for e := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return e == fd
	}
	return false
}

// result returns the poll the reconcile result e asks for: a literal's,
// or a local variable's when every value assigned to it polls alike.
func (r *Result) result(e ast.Expr) (Poll, bool) {
	if p, ok := r.literal(e); ok {
		return p, true
	}
	id, isIdent := ast.Unparen(e).(*ast.Ident)
	v, _ := r.info.Uses[id].(*types.Var)
	if !isIdent || v == nil {
		return Poll{}, false
	}
	if r.vals == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return Poll{}, false // a package variable may be set anywhere
	}
	as := r.vals.Assignments(v)
	if len(as) == 0 {
		return Poll{}, false
	}
	var poll Poll
	for i, a := range as {
		if a.Value == nil || a.Multi {
			return Poll{}, false
		}
		p, ok := r.literal(a.Value)
		if !ok || i > 0 && p != poll {
			return Poll{}, false
		}
		poll = p
	}
	return poll, true
}

// guarded reports whether the return at c of the result res and the error
// err is taken only when the pass failed or asks for another: the
// condition of an if whose body holds it implies that err is not nil
// (err != nil, with err returned as it is or wrapped) or that res is not
// the zero result (!res.IsZero(), res != ctrl.Result{}, res.Requeue,
// res.RequeueAfter > 0). Conditions combine: a || b when each implies it,
// a && b when either does. requeues is false when the return is taken
// only on a failure.
func (r *Result) guarded(c inspector.Cursor, res, err ast.Expr) (ok, requeues bool) {
	child := c
	for p := c.Parent(); p.Node() != nil; child, p = p, p.Parent() {
		switch n := p.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false, false
		case *ast.IfStmt:
			if child.Node() != n.Body {
				continue
			}
			if ok, requeues := r.implies(n.Cond, res, err); ok {
				return true, requeues
			}
		}
	}
	return false, false
}

// implies reports whether cond holds only when err is a non-nil error or
// res is not the zero result (see guarded); requeues is false when it
// holds only when err is not nil.
func (r *Result) implies(cond, res, err ast.Expr) (ok, requeues bool) {
	if x, isBin := ast.Unparen(cond).(*ast.BinaryExpr); isBin && (x.Op == token.LOR || x.Op == token.LAND) {
		okX, reqX := r.implies(x.X, res, err)
		okY, reqY := r.implies(x.Y, res, err)
		if x.Op == token.LOR {
			return okX && okY, reqX || reqY
		}
		switch {
		case okX && !reqX, okY && !reqY:
			return true, false
		default:
			return okX || okY, true
		}
	}
	switch {
	case r.errorSet(cond, err):
		return true, false
	case r.nonZero(cond, res):
		return true, true
	}
	return false, false
}

// errorSet reports whether cond is x != nil for an error variable x that
// err is, or that err wraps (errors.Wrap(x, ...), fmt.Errorf("...: %w",
// x)): the error returned is then not nil.
func (r *Result) errorSet(cond, err ast.Expr) bool {
	x, whenNil, ok := recognize.NilTest(r.info, cond)
	if !ok || whenNil || !recognize.IsError(r.info.TypeOf(x)) {
		return false
	}
	if sameValue(r.info, x, err) {
		return true
	}
	call, ok := ast.Unparen(err).(*ast.CallExpr)
	if !ok || recognize.IsFunc(recognize.Callee(r.info, call), recognize.PkgClient, "IgnoreNotFound") {
		return false
	}
	for _, a := range call.Args {
		if sameValue(r.info, x, a) {
			return true
		}
	}
	return false
}

// nonZero reports whether cond holds only when res is not the zero
// reconcile result.
func (r *Result) nonZero(cond, res ast.Expr) bool {
	switch x := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		call, ok := ast.Unparen(x.X).(*ast.CallExpr)
		if x.Op != token.NOT || !ok || len(call.Args) != 0 {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "IsZero" && sameValue(r.info, sel.X, res)
	case *ast.SelectorExpr: // res.Requeue
		return x.Sel.Name == "Requeue" && sameValue(r.info, x.X, res)
	case *ast.BinaryExpr:
		a, b, op := x.X, x.Y, x.Op
		switch ast.Unparen(a).(type) {
		case *ast.BasicLit, *ast.CompositeLit: // 0 < res.RequeueAfter
			a, b = b, a
			if op == token.LSS {
				op = token.GTR
			}
		}
		if lit, ok := ast.Unparen(b).(*ast.CompositeLit); ok {
			return op == token.NEQ && len(lit.Elts) == 0 && sameValue(r.info, a, res) // res != ctrl.Result{}
		}
		sel, ok := ast.Unparen(a).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "RequeueAfter" || !sameValue(r.info, sel.X, res) {
			return false
		}
		tv := r.info.Types[b]
		zero := tv.Value != nil && constant.Sign(tv.Value) == 0
		return zero && (op == token.GTR || op == token.NEQ) // res.RequeueAfter > 0
	}
	return false
}

// sameValue reports whether a and b name the same variable, or the same
// field path from it (sub.result).
func sameValue(info *types.Info, a, b ast.Expr) bool {
	switch x := ast.Unparen(a).(type) {
	case *ast.Ident:
		y, ok := ast.Unparen(b).(*ast.Ident)
		return ok && info.Uses[x] != nil && info.Uses[x] == info.Uses[y]
	case *ast.SelectorExpr:
		y, ok := ast.Unparen(b).(*ast.SelectorExpr)
		return ok && x.Sel.Name == y.Sel.Name && info.Uses[x.Sel] == info.Uses[y.Sel] && sameValue(info, x.X, y.X)
	}
	return false
}

// literal returns the poll a reconcile result literal asks for.
func (r *Result) literal(e ast.Expr) (Poll, bool) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return Poll{}, false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		id, _ := kv.Key.(*ast.Ident)
		if id == nil {
			continue
		}
		tv := r.info.Types[kv.Value]
		switch id.Name {
		case "RequeueAfter":
			if tv.Value != nil {
				if n, exact := constant.Int64Val(constant.ToInt(tv.Value)); exact && n > 0 {
					return Poll{Every: types.ExprString(kv.Value), Seconds: float64(n) / 1e9}, true
				} else if exact {
					continue // RequeueAfter: 0
				}
			}
			return Poll{Every: types.ExprString(kv.Value)}, true
		case "Requeue":
			if tv.Value != nil && constant.BoolVal(tv.Value) {
				return Poll{}, true
			}
		}
	}
	return Poll{}, false
}

// fails reports whether the error result e is a failure made here
// (fmt.Errorf, errors.New, ...). An error variable is one when the if
// around the return tests it (see guarded).
func (r *Result) fails(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := recognize.Callee(r.info, call)
	return recognize.IsFunc(fn, "fmt", "Errorf") || recognize.IsFunc(fn, "errors", "New") || recognize.IsFunc(fn, "errors", "Join") ||
		fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "github.com/pkg/errors"
}

// endsPass reports whether the return at c ends the pass of an object that
// is gone (its error is client.IgnoreNotFound's) or being deleted (it is
// in the branch of an if that holds while the object is being deleted).
func (r *Result) endsPass(c inspector.Cursor) bool {
	ret := c.Node().(*ast.ReturnStmt)
	if n := len(ret.Results); n > 0 {
		if call, ok := ast.Unparen(ret.Results[n-1]).(*ast.CallExpr); ok && recognize.IsFunc(recognize.Callee(r.info, call), recognize.PkgClient, "IgnoreNotFound") {
			return true
		}
	}
	child := c
	for p := c.Parent(); p.Node() != nil; child, p = p, p.Parent() {
		ifs, ok := p.Node().(*ast.IfStmt)
		if !ok {
			continue
		}
		t, ok := r.deleted.Test(ifs.Cond)
		if !ok {
			continue
		}
		if child.Node() == ifs.Body && t.WhenDeleting || child.Node() == ifs.Else && !t.WhenDeleting {
			return true
		}
	}
	return false
}
