package depnotfound

import (
	"cmp"
	"go/ast"
	"go/types"
	"slices"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/isdeleting"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// Result answers which calls of the package can produce a
// dependency-not-found error and which classify one. Everything it answers
// is computed in Run, from the package's summaries and the facts of its
// dependencies: a query only looks it up, so the result is immutable and
// safe for concurrent use by the rules that share it. A nil *Result answers
// "no" to everything.
type Result struct {
	info    *types.Info
	checker *isdeleting.Checker
	// calls holds what each call of the package can produce, evaluated
	// outside any function (the needs of its callee dropped): the calls
	// that produce something, or whose callee is a seed constructor.
	calls map[*ast.CallExpr]answer
	// classifying holds the calls that classify an error as a
	// dependency-not-found error.
	classifying map[*ast.CallExpr]bool
	// funcs holds the summaries of the package's functions that produce.
	funcs map[*types.Func]*Produces
	// decls maps the package's functions to their declarations, for
	// Trace.
	decls map[*types.Func]*ast.FuncDecl
	// methods indexes the package's methods, for Trace through interface
	// calls.
	methods *callees.Methods
	// values are the package's variables' values, for Trace through
	// calls of struct fields of function type.
	values *values.Index
	// reaches holds the undecided reach of the bodies of the package's
	// function declarations that contain a call of calls or classifying:
	// of the others, Unguarded finds no site and no classification is
	// followed to a return.
	reaches map[*ast.BlockStmt]*reach
	// keyParams holds, for the reads keyed by values their function is
	// handed, the parameters the key derives from (solver.argReads).
	keyParams map[*ast.CallExpr][]int
	// sentinels holds the calls whose error their function answers with
	// an error value of its own (solver.sentinels).
	sentinels map[*ast.CallExpr]string
}

// answer is what a call can produce (see Result.calls).
type answer struct {
	why, get string
	// kind is the kind key of the referenced objects the call reads
	// (effect.kind).
	kind string
	// seed reports that the callee is a seed constructor.
	seed bool
	// nilWhenGone reports that the call answers a missing referenced
	// object with a nil error (effect.nilWhenGone).
	nilWhenGone bool
	// condWhy is what the call produces only where the callers of its
	// function pass references (a field or keyed condition on the
	// function's parameters), for Trace.
	condWhy string
	// tolerated reports a read whose not-found its function answers with
	// a nil error: no error the function hands on comes from it.
	tolerated bool
	// dropped reports a call whose every error its function drops (see
	// readScan.drops): nothing the function hands on comes from it.
	dropped bool
	// nonNil holds the indexes of the arguments of a call that produces
	// only when one of them is not nil (see FieldCond.NonNil).
	nonNil []int
	// via, bare and bareKind are the call's Produces.Via, Bare and
	// BareKind: the ways its productions leave it.
	via      []Way
	bare     bool
	bareKind string
}

// result computes the Result from the solved summaries: every call of the
// package is evaluated once, and the reach of the function bodies that need
// one is kept (those of guarded, computed by solve, are reused).
func (r *solver) result(decls []decl, guarded map[*ast.FuncDecl]*reach) *Result {
	info := r.pass.TypesInfo
	res := &Result{
		info:        info,
		checker:     r.checker,
		calls:       make(map[*ast.CallExpr]answer),
		classifying: make(map[*ast.CallExpr]bool),
		funcs:       make(map[*types.Func]*Produces),
		decls:       make(map[*types.Func]*ast.FuncDecl, len(decls)),
		reaches:     make(map[*ast.BlockStmt]*reach),
		keyParams:   r.argReads,
		sentinels:   r.sentinels,
		values:      r.values,
	}
	fns := make([]*types.Func, len(decls))
	for i, d := range decls {
		fns[i] = d.fn
	}
	res.methods = callees.NewMethods(fns)
	for _, d := range decls {
		res.decls[d.fn] = d.fd
		if e := r.local[d.fn]; e != nil && !e.empty() {
			res.funcs[d.fn] = e.fact()
		}
	}
	var in *ast.FuncDecl // the declaration whose body holds the calls visited
	var inScope *scope   // in's scope, made on the first call that needs it
	needsReach := make(map[*ast.FuncDecl]bool)
	filter := []ast.Node{(*ast.FuncDecl)(nil), (*ast.CallExpr)(nil)}
	inspection.Of(r.pass).Preorder(filter, func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			in, inScope = n.(*ast.FuncDecl), nil
			return
		}
		e := r.evalCall(call, nil)
		fn := recognize.Callee(info, call)
		seed := fn != nil && r.seedFunc(fn) != ""
		inBody := in != nil && in.Body != nil && in.Body.Pos() <= call.Pos() && call.End() <= in.Body.End()
		condWhy := ""
		if e.why == "" && inBody && r.conditional(call) {
			if inScope == nil {
				inScope = r.scopeOf(in.Type, in.Recv, in.Body, nil)
			}
			for _, c := range r.evalCall(call, inScope).conds {
				condWhy = cmp.Or(condWhy, c.Why)
			}
		}
		found := false
		if e.why != "" || e.get != "" || seed || condWhy != "" {
			tolerated := r.tolerated[call] && (r.reads[call] || r.argReads[call] != nil)
			res.calls[call] = answer{why: e.why, get: e.get, kind: e.kind, seed: seed, nilWhenGone: e.nilWhenGone(), condWhy: condWhy, tolerated: tolerated, dropped: r.dropped[call], nonNil: r.nonNilArgs(call), via: e.via, bare: e.bare, bareKind: e.bareKind}
			found = true
		}
		if r.classifies(call) {
			res.classifying[call] = true
			found = true
		}
		if found && inBody {
			needsReach[in] = true
		}
	})
	r.classifySentinelTests(res, needsReach)
	for _, d := range decls {
		if !needsReach[d.fd] {
			continue
		}
		g := guarded[d.fd]
		if g == nil {
			g = r.undecided(d.fd.Body)
		}
		res.reaches[d.fd.Body] = g
	}
	return res
}

// classifySentinelTests marks as classifying the errors.Is tests, in the
// package's function bodies, of the error values that calls of the
// package leave a not-found as (see Produces.Via), and the bodies that
// hold one as needing their reach.
func (r *solver) classifySentinelTests(res *Result, needsReach map[*ast.FuncDecl]bool) {
	values := make(map[string]bool)
	for _, a := range res.calls {
		for _, w := range a.via {
			values[w.Value] = true
		}
	}
	if len(values) == 0 {
		return
	}
	for _, fd := range inspection.Of(r.pass).Funcs {
		ast.Inspect(fd.Decl.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && values[isTarget(r.pass.TypesInfo, call)] {
				res.classifying[call] = true
				needsReach[fd.Decl] = true
			}
			return true
		})
	}
}

// conditional reports whether what call produces may depend on what its
// function is given: it reads by a key its function is handed, or its
// callee's summary has field or keyed conditions.
func (r *solver) conditional(call *ast.CallExpr) bool {
	if len(r.argReads[call]) > 0 {
		return true
	}
	fn := recognize.Callee(r.pass.TypesInfo, call)
	return fn != nil && !recognize.IsInterfaceMethod(fn) && len(r.summary(fn).conds) > 0
}

// nonNilArgs returns the indexes of call's arguments one of which must not
// be nil for call to produce: its callee (a function or method, called
// statically, that is no read itself) produces nothing unconditionally nor
// through what call hands it for its needs, and each of its conditions
// needs a parameter that is not nil.
func (r *solver) nonNilArgs(call *ast.CallExpr) []int {
	fn := recognize.Callee(r.pass.TypesInfo, call)
	if fn == nil || recognize.IsInterfaceMethod(fn) || r.seedFunc(fn) != "" || r.reads[call] || len(r.argReads[call]) > 0 {
		return nil
	}
	sum := r.summary(fn)
	if sum.why != "" || len(sum.conds) == 0 {
		return nil
	}
	for _, need := range sum.needs {
		if got, _ := r.satisfy(call, need, nil); !got.empty() {
			return nil // a producing method or function passed in
		}
	}
	var out []int
	for _, c := range sum.conds {
		if !c.NonNil || c.Param < 0 || c.Param >= len(call.Args) {
			return nil
		}
		if !slices.Contains(out, c.Param) {
			out = append(out, c.Param)
		}
	}
	slices.Sort(out)
	return out
}

// NonNilArgs returns the arguments of call, which can produce
// (CanProduce), one of which must not be nil for it to: a helper that
// returns at once when handed no object reads nothing of it (see
// FieldCond.NonNil). Nil when call can produce whatever it is handed.
func (r *Result) NonNilArgs(call *ast.CallExpr) []ast.Expr {
	if r == nil || call == nil {
		return nil
	}
	var out []ast.Expr
	for _, i := range r.calls[call].nonNil {
		out = append(out, call.Args[i])
	}
	return out
}

// CanProduce reports whether call can fail with a dependency-not-found
// error of the configured kinds, and names the seed it reaches.
func (r *Result) CanProduce(call *ast.CallExpr) (why string, ok bool) {
	if r == nil || call == nil {
		return "", false
	}
	why = r.calls[call].why
	return why, why != ""
}

// NilWhenGone reports whether call, which can produce (CanProduce), answers
// a missing referenced object with no object and a nil error (a helper that
// returns nil, client.IgnoreNotFound(err)): its error never says the object
// is gone, its object result does.
func (r *Result) NilWhenGone(call *ast.CallExpr) bool {
	return r != nil && call != nil && r.calls[call].nilWhenGone
}

// KeyParams returns the parameters of its function that the key of get, a
// read whose not-found the function hands on, derives from, when it derives
// from nothing else (findService(c, ns, name) reading name): the object read
// is whatever the callers name. Nil otherwise.
func (r *Result) KeyParams(get *ast.CallExpr) []int {
	if r == nil {
		return nil
	}
	return r.keyParams[get]
}

// CanProduceStrict is CanProduce with any read of a referenced object (a
// controller-runtime client Get, directly or in a callee) counted too.
func (r *Result) CanProduceStrict(call *ast.CallExpr) (why string, ok bool) {
	if r == nil || call == nil {
		return "", false
	}
	get := r.calls[call].get
	return get, get != ""
}

// ReadKind returns the kind key ("import/path.Name") of the referenced
// objects that call reads, in the package or through the facts of other
// packages' functions, or "" when it reads none of a known kind, or
// several kinds.
func (r *Result) ReadKind(call *ast.CallExpr) string {
	if r == nil || call == nil {
		return ""
	}
	return oneKind(r.calls[call].kind)
}

// ReadKinds returns the kind keys of the referenced objects that call
// reads, as ReadKind, also when they are a few kinds (an identity and its
// Secret); nil when it reads none of a known kind, or too many kinds to
// name.
func (r *Result) ReadKinds(call *ast.CallExpr) []string {
	if r == nil || call == nil {
		return nil
	}
	return kindsOf(r.calls[call].kind)
}

// Ways returns the ways the not-found errors of call leave it (see Way),
// those that leave as themselves first, when some leave as an error value;
// nil when none does (they all leave as themselves).
func (r *Result) Ways(call *ast.CallExpr) []Way {
	if r == nil || call == nil {
		return nil
	}
	a := r.calls[call]
	if len(a.via) == 0 {
		return nil
	}
	var out []Way
	if a.bare {
		out = append(out, Way{Kind: oneKind(a.bareKind)})
	}
	for _, w := range a.via {
		out = append(out, Way{Value: w.Value, Kind: oneKind(w.Kind)})
	}
	return out
}

// SentinelTest tells, when cond is errors.Is(err, target) of a
// package-level error variable target, what cond says when err is the
// error of call and call failed because a referenced object is missing,
// and returns err, for the caller to check. When way, one of Ways(call),
// is given, the not-found left that way: cond holds when target is its
// value. Otherwise cond holds when every not-found of call leaves as
// target (return errProgramGone), and not when call leaves some as error
// values and target is none of them; it is not known when call names no
// value, or leaves some not-found as target and some another way.
func (r *Result) SentinelTest(cond ast.Expr, call *ast.CallExpr, way *Way) (err ast.Expr, value, known bool) {
	if r == nil || call == nil {
		return nil, false, false
	}
	a := r.calls[call]
	is, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(a.via) == 0 {
		return nil, false, false
	}
	k := isTarget(r.info, is)
	switch {
	case k == "":
		return nil, false, false
	case way != nil:
		return is.Args[0], way.Value == k, true
	case !slices.ContainsFunc(a.via, func(w Way) bool { return w.Value == k }):
		return is.Args[0], false, true
	case len(a.via) == 1 && !a.bare:
		return is.Args[0], true, true
	}
	return nil, false, false
}

// isTarget returns the key of the error value call tests for, when it is
// errors.Is(err, v) of a package-level error variable v, or "".
func isTarget(info *types.Info, call *ast.CallExpr) string {
	fn := recognize.Callee(info, call)
	if fn == nil || !recognize.IsFunc(fn, "errors", "Is") || len(call.Args) != 2 {
		return ""
	}
	return sentinelKey(recognize.PackageVar(info, call.Args[1]))
}

// FuncProduces returns the summary of fn, a function of the package, or nil
// when fn cannot produce a dependency-not-found error.
func (r *Result) FuncProduces(fn *types.Func) *Produces {
	if r == nil || fn == nil {
		return nil
	}
	return r.funcs[fn]
}

// IsClassifier reports whether call tells whether an error is a
// dependency-not-found error: a call of a classifier function (with a fact
// or computed here), errors.As with a target of a seed error type, or
// errors.Is with an error value that a call of the package leaves a
// not-found as (see Produces.Via).
func (r *Result) IsClassifier(call *ast.CallExpr) bool {
	return r != nil && r.classifying[call]
}

// Unguarded returns, in source order, the calls of body, the body of one of
// the package's function declarations (outside function literals that are
// not called in it), that can produce a dependency-not-found error and are
// reachable from the entry along a path that has not tested whether the
// object is being deleted, or only on paths where it is being deleted. With
// strict set, reads of referenced objects count too.
func (r *Result) Unguarded(body *ast.BlockStmt, strict bool) []Site {
	if r == nil || body == nil {
		return nil
	}
	var sites []Site
	for _, call := range (Reach{r.reaches[body]}).Calls() {
		a := r.calls[call]
		why := a.why
		if strict {
			why = a.get
		}
		if why != "" {
			sites = append(sites, Site{Call: call, Why: why, Seed: a.seed})
		}
	}
	return sites
}

// UndecidedReach returns the part of body, the body of one of the package's
// function declarations, reachable from its entry along a path that has not
// branched on a deletion test. It is known for the bodies that call
// something that can produce a dependency-not-found error or that
// classifies one; of the others, it holds nothing.
func (r *Result) UndecidedReach(body *ast.BlockStmt) Reach {
	if r == nil || body == nil {
		return Reach{}
	}
	return Reach{r.reaches[body]}
}

// TestsDeletion reports whether a branch on cond tells whether the object
// is being deleted: a deletion test, its negation, or a && / || condition
// that evaluates one on some branch.
func (r *Result) TestsDeletion(cond ast.Expr) bool {
	if r == nil || cond == nil {
		return false
	}
	return testsDeletion(r.checker, cond)
}
