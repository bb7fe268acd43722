// Package polls finds the reconcilers that poll: those whose every pass
// that succeeds on a live object asks controller-runtime for another pass
// (ctrl.Result{RequeueAfter: d}, or Requeue: true). Such a reconciler
// repairs what it owns within one interval even without a watch, so the
// rules that report a missing watch or a filtered event say "repaired at
// the next poll" instead of "at the next resync".
//
// A return is a pass that succeeds unless its error is a failure (an error
// the function makes: retried with backoff), or it ends a pass on an
// object that is gone (client.IgnoreNotFound, or inside if
// apierrors.IsNotFound(err)) or being deleted (inside a branch that tests
// deletion), or an if around it holds only when the pass failed or asks
// for another (err != nil || !res.IsZero(), with err returned as it is or
// wrapped, res a variable or a field such as sub.result;
// client.IgnoreAlreadyExists(err) != nil and client.IgnoreNotFound(err) !=
// nil say err != nil). A return of
// another function that returns a reconcile result polls when that
// function does (one of another package by its fact), at the caller's
// interval when the helper's is a parameter (requeue.After(ctx, 30 *
// time.Second, msg)), and fails when the helper hands back an error
// parameter the caller tested non-nil (requeue.WithError(ctx, err, msg)).
// A local variable polls when every value it is assigned does (rr :=
// ctrl.Result{RequeueAfter: 5 * time.Second} at the top, return rr, nil).
// An interval a function computes (after, err := r.sync(ctx); RequeueAfter:
// after) may be zero: it is not known to poll.
// Any other result (a field returned unguarded, a function value) is not
// known to poll.
//
// ReconcilerFrom asks the same of the passes that reach one node, where a
// child is made: a return at a gate before it (the owner not found or not
// ready yet) makes nothing, with a watch or without, so it does not count.
package polls

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
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
	Requires:   []*analysis.Analyzer{inspection.Analyzer, isdeleting.Analyzer, deletionpath.Analyzer},
	FactTypes:  []analysis.Fact{new(resultFact)},
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
	// param is 1 + the index of the parameter the interval is, in a
	// helper that polls at its caller's interval
	// (RequeueAfter(ctx, d, msg)); 0 otherwise.
	param int
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
	code    *deletionpath.Code // control flow and calls, for ReconcilerFrom
	pass    *analysis.Pass     // for the facts of other packages' functions, in Run
}

type answer struct {
	poll Poll
	ok   bool
	done bool
	// errParam is 1 + the index of the parameter that every return
	// gives as its error, as it is or wrapped (RequeueE(ctx, err, msg)):
	// a call of it with an error the caller tested non-nil fails. 0 when
	// there is none.
	errParam int
}

// resultFact summarises, for the packages that import it, a function that
// returns a reconcile result and an error (see answer).
type resultFact struct {
	Polls    bool
	Every    string
	Seconds  float64
	Param    int
	ErrParam int
}

// AFact implements analysis.Fact.
func (*resultFact) AFact() {}

func (f *resultFact) String() string {
	var says []string
	switch {
	case f.Polls && f.Param > 0:
		says = append(says, fmt.Sprintf("polls at parameter %d", f.Param))
	case f.Polls && f.Seconds > 0:
		says = append(says, "polls every "+strconv.FormatFloat(f.Seconds, 'f', -1, 64)+"s")
	case f.Polls:
		says = append(says, "polls")
	}
	if f.ErrParam > 0 {
		says = append(says, fmt.Sprintf("fails with parameter %d", f.ErrParam))
	}
	return strings.Join(says, ", ")
}

// Of returns the pass's Result; pass's analyzer must require Analyzer.
func Of(pass *analysis.Pass) *Result {
	r, _ := pass.ResultOf[Analyzer].(*Result)
	return r
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{info: pass.TypesInfo, decls: make(map[*types.Func]inspector.Cursor), memo: make(map[*types.Func]*answer), pass: pass}
	r.deleted, _ = pass.ResultOf[isdeleting.Analyzer].(*isdeleting.Checker)
	r.code, _ = pass.ResultOf[deletionpath.Analyzer].(*deletionpath.Code)
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
	defer func() { r.pass = nil }() // read-only after Run
	for fn := range r.decls {
		a := r.of(fn)
		if a.ok || a.errParam > 0 {
			pass.ExportObjectFact(fn, &resultFact{Polls: a.ok, Every: a.poll.Every, Seconds: a.poll.Seconds, Param: a.poll.param, ErrParam: a.errParam})
		}
	}
	return r, nil
}

// Reconciler returns the poll of the Reconcile method of the reconciler
// type recv, and whether it polls.
func (r *Result) Reconciler(recv types.Type) (Poll, bool) {
	if r == nil || recv == nil {
		return Poll{}, false
	}
	return r.Of(reconcileMethod(recv))
}

// reconcileMethod returns the Reconcile method of recv, or nil.
func reconcileMethod(recv types.Type) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(recv, true, nil, "Reconcile")
	fn, _ := obj.(*types.Func)
	return fn
}

// Of returns the poll of fn, a function of the package that returns a
// reconcile result and an error, and whether every pass of it that
// succeeds on a live object asks for another.
func (r *Result) Of(fn *types.Func) (Poll, bool) {
	if r == nil || fn == nil {
		return Poll{}, false
	}
	if a := r.memo[fn.Origin()]; a != nil && a.done {
		return a.poll, a.ok
	}
	return Poll{}, false
}

// of computes and memoises the answer for fn, in Run: from its body for a
// function of the package, from its fact for one of another.
func (r *Result) of(fn *types.Func) *answer {
	if fn == nil {
		return &answer{}
	}
	fn = fn.Origin()
	if a := r.memo[fn]; a != nil {
		return a // a cycle is not known to poll (not done)
	}
	if r.pass == nil {
		// After Run: every function a return of the package calls was
		// answered then; any other is not known to poll.
		return &answer{}
	}
	a := &answer{}
	r.memo[fn] = a
	if _, local := r.decls[fn]; !local {
		var f resultFact
		if fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn, &f) {
			a.poll, a.ok, a.errParam = Poll{Every: f.Every, Seconds: f.Seconds, param: f.Param}, f.Polls, f.ErrParam
		}
	} else if returnsResult(fn) {
		a.poll, a.ok = r.compute(fn, nil, nil)
		a.errParam = r.errParam(fn)
	}
	a.done = true
	return a
}

// compute returns the poll of fn's returns: of those in keep, unless keep
// is nil. A return of a call in through polls as through says, whatever
// the callee does on other paths (see ReconcilerFrom).
func (r *Result) compute(fn *types.Func, keep map[*ast.ReturnStmt]bool, through map[*ast.CallExpr]*answer) (Poll, bool) {
	cur := r.decls[fn]
	var poll Poll
	succeeds := false
	for c := range cur.Preorder((*ast.ReturnStmt)(nil), (*ast.FuncLit)(nil)) {
		ret, isRet := c.Node().(*ast.ReturnStmt)
		if !isRet || !innermost(c, cur) || keep != nil && !keep[ret] {
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
			a := through[call]
			if a == nil {
				a = r.of(recognize.Callee(r.info, call))
			}
			if a.done && a.errParam > 0 && a.errParam <= len(call.Args) {
				// RequeueE(ctx, err, ...): fails when err does.
				e := call.Args[a.errParam-1]
				if ok, requeues := r.guarded(c, nil, e); r.fails(e) || ok && !requeues {
					continue
				}
			}
			if !a.done || !a.ok {
				return Poll{}, false
			}
			p = r.bind(a.poll, call)
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
			var ok bool
			if p, ok = r.result(fn, ret.Results[0]); !ok {
				return Poll{}, false
			}
		default:
			return Poll{}, false // a bare return of named results
		}
		poll, succeeds = join(poll, succeeds, p), true
	}
	return poll, succeeds
}

// join returns the poll of passes that end as poll (if any) or as p.
func join(poll Poll, any bool, p Poll) Poll {
	if !any || p == poll {
		return p
	}
	// Returns that differ: the longest constant interval bounds the
	// wait, if every one is a constant.
	longest := max(poll.Seconds, p.Seconds)
	if poll.Seconds == 0 || p.Seconds == 0 {
		longest = 0
	}
	return Poll{Seconds: longest}
}

// bind returns the poll of a call of a helper that polls at p: at the
// call's argument when p's interval is a parameter.
func (r *Result) bind(p Poll, call *ast.CallExpr) Poll {
	if p.param == 0 {
		return p
	}
	if p.param > len(call.Args) {
		return Poll{}
	}
	return r.interval(call.Args[p.param-1])
}

// interval returns the poll at the interval e, a time.Duration.
func (r *Result) interval(e ast.Expr) Poll {
	value := e
	if r.vals != nil {
		// A local set once to a constant (every := time.Minute).
		if v := r.vals.Var(e); v != nil && v.Parent() != nil && v.Parent() != v.Pkg().Scope() {
			if sole := r.vals.Sole(v); sole != nil {
				value = sole
			}
		}
	}
	if tv := r.info.Types[value]; tv.Value != nil {
		if n, exact := constant.Int64Val(constant.ToInt(tv.Value)); exact && n > 0 {
			return Poll{Every: types.ExprString(e), Seconds: float64(n) / 1e9}
		}
	}
	return Poll{Every: types.ExprString(e)}
}

// errParam returns 1 + the index of the parameter of fn that every return
// of fn gives as its error, as it is or wrapped, or 0. A return that ends
// the pass of an object that is gone (in an IsNotFound branch) does not
// count: RequeueECheck(ctx, err, msg) fails but for a not-found.
func (r *Result) errParam(fn *types.Func) int {
	sig := fn.Type().(*types.Signature)
	cur := r.decls[fn]
	param := 0
	for c := range cur.Preorder((*ast.ReturnStmt)(nil), (*ast.FuncLit)(nil)) {
		ret, isRet := c.Node().(*ast.ReturnStmt)
		if !isRet || !innermost(c, cur) || r.endsPass(c) {
			continue // (a not-found ends the pass of a gone object)
		}
		i := 0
		switch len(ret.Results) {
		case 1:
			if call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
				if a := r.of(recognize.Callee(r.info, call)); a.errParam > 0 && a.errParam <= len(call.Args) {
					i = paramIndex(r.info, sig, call.Args[a.errParam-1])
				}
			}
		case 2:
			e := ast.Unparen(ret.Results[1])
			if i = paramIndex(r.info, sig, e); i == 0 {
				if call, ok := e.(*ast.CallExpr); ok && !recognize.IsIgnoreNotFound(r.info, call) {
					for _, arg := range call.Args {
						if i = paramIndex(r.info, sig, arg); i > 0 {
							break
						}
					}
				}
			}
		}
		if i == 0 || param != 0 && i != param {
			return 0
		}
		param = i
	}
	return param
}

// paramIndex returns 1 + the index of the error parameter of sig that e
// is, or 0.
func paramIndex(info *types.Info, sig *types.Signature, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return 0
	}
	for i := range sig.Params().Len() {
		if v := sig.Params().At(i); info.Uses[id] == v && recognize.IsError(v.Type()) {
			return i + 1
		}
	}
	return 0
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
func (r *Result) result(fn *types.Func, e ast.Expr) (Poll, bool) {
	if p, ok := r.literal(fn, e); ok {
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
		p, ok := r.literal(fn, a.Value)
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
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(call.Args) == 1 &&
		(recognize.IsIgnoreNotFound(r.info, call) || recognize.IsFunc(recognize.Callee(r.info, call), recognize.PkgClient, "IgnoreAlreadyExists")) {
		// client.IgnoreAlreadyExists(err) != nil: err is not nil either.
		x = call.Args[0]
	}
	if sameValue(r.info, x, err) {
		return true
	}
	call, ok := ast.Unparen(err).(*ast.CallExpr)
	if !ok || recognize.IsIgnoreNotFound(r.info, call) {
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

// literal returns the poll a reconcile result literal of fn asks for.
func (r *Result) literal(fn *types.Func, e ast.Expr) (Poll, bool) {
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
				if n, exact := constant.Int64Val(constant.ToInt(tv.Value)); exact && n <= 0 {
					continue // RequeueAfter: 0
				}
				return r.interval(kv.Value), true
			}
			p := r.interval(kv.Value)
			if v, ok := ast.Unparen(kv.Value).(*ast.Ident); ok {
				sig := fn.Type().(*types.Signature)
				for i := range sig.Params().Len() {
					if r.info.Uses[v] == sig.Params().At(i) {
						p.param = i + 1 // the caller's interval
					}
				}
				if p.param == 0 && p.Seconds == 0 && r.computed(v) {
					return Poll{}, false
				}
			}
			return p, true
		case "Requeue":
			if tv.Value != nil && constant.BoolVal(tv.Value) {
				return Poll{}, true
			}
		}
	}
	return Poll{}, false
}

// computed reports whether id is a local variable some assignment of which
// is a call's result (after, err := r.sync(ctx)): an interval a function
// computes may be zero, which asks for no other pass. A local set from a
// field or a constant is a configured interval.
func (r *Result) computed(id *ast.Ident) bool {
	v, _ := r.info.Uses[id].(*types.Var)
	if r.vals == nil || v == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	for _, a := range r.vals.Assignments(v) {
		if a.Multi {
			return true
		}
		if call, ok := ast.Unparen(a.Value).(*ast.CallExpr); ok && r.info.Types[call.Fun].IsValue() {
			return true // a call, not a conversion
		}
	}
	return false
}

// fails reports whether the error result e is a failure made here
// (fmt.Errorf, errors.New, ...), or a variable every assignment of which is
// one (err := fmt.Errorf(...); return ctrl.Result{}, err). Another error
// variable is one when the if around the return tests it (see guarded).
func (r *Result) fails(e ast.Expr) bool {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if r.vals == nil {
			return false
		}
		v := r.vals.Var(id)
		as := r.vals.Assignments(v)
		if v == nil || len(as) == 0 {
			return false
		}
		for _, a := range as {
			x := a.Single()
			if _, isIdent := ast.Unparen(x).(*ast.Ident); x == nil || isIdent || !r.fails(x) {
				return false
			}
		}
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := recognize.Callee(r.info, call)
	return recognize.IsFunc(fn, "fmt", "Errorf") || recognize.IsFunc(fn, "errors", "New") || recognize.IsFunc(fn, "errors", "Join") ||
		fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "github.com/pkg/errors"
}

// endsPass reports whether the return at c ends the pass of an object that
// is gone (its error is client.IgnoreNotFound's, or it is in the branch of
// an if that holds when an error is a not-found), being deleted (it is in
// the branch of an if that holds while the object is being deleted) or
// paused (see pauses).
func (r *Result) endsPass(c inspector.Cursor) bool {
	ret := c.Node().(*ast.ReturnStmt)
	if n := len(ret.Results); n > 0 {
		if call, ok := ast.Unparen(ret.Results[n-1]).(*ast.CallExpr); ok && recognize.IsIgnoreNotFound(r.info, call) {
			return true
		}
	}
	child := c
	for p := c.Parent(); p.Node() != nil; child, p = p, p.Parent() {
		ifs, ok := p.Node().(*ast.IfStmt)
		if !ok {
			continue
		}
		if child.Node() == ifs.Body {
			// The body holds only when each conjunct does: one that
			// says gone or being deleted is enough.
			for _, cond := range recognize.Conjuncts(ifs.Cond) {
				if t, ok := recognize.AsNotFoundTest(r.info, cond); ok && t.WhenNotFound {
					return true
				}
				if t, ok := r.deleted.Test(cond); ok && t.WhenDeleting {
					return true
				}
				if pauses(ifs.Init, cond) {
					return true
				}
			}
			continue
		}
		if t, ok := r.deleted.Test(ifs.Cond); ok && child.Node() == ifs.Else && !t.WhenDeleting {
			return true
		}
	}
	return false
}

// pauses reports whether cond, a conjunct of an if statement with init
// statement init, holds when the user has paused the object or asked its
// controller to skip it: it calls a function, or reads a field, constant
// or variable, named for pausing or skipping (annotations.IsPaused(obj),
// ShouldSkipReconcile(obj), obj.Spec.Paused, _, ok :=
// anns[PausedAnnotation]; ok), not negated. A paused pass is meant to
// repair nothing, so its return says nothing of the reconciler's polling.
func pauses(init ast.Stmt, cond ast.Expr) bool {
	if u, ok := ast.Unparen(cond).(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return false
	}
	exprs := []ast.Expr{cond}
	if as, ok := init.(*ast.AssignStmt); ok {
		// The if's init computes what the condition tests.
		exprs = append(exprs, as.Rhs...)
	}
	found := false
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.UnaryExpr:
				return n.Op != token.NOT // !paused is the other branch
			case *ast.Ident:
				found = found || namesPause(n.Name)
			case *ast.BasicLit:
				found = found || n.Kind == token.STRING && namesPause(n.Value)
			}
			return !found
		})
	}
	return found
}

// namesPause reports whether a name or string names pausing or skipping.
func namesPause(s string) bool {
	s = strings.ToLower(s)
	return strings.Contains(s, "pause") || strings.Contains(s, "skip")
}
