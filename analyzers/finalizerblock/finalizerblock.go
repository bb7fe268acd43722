package finalizerblock

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/depnotfound"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/latched"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/waits"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

//go:embed doc.go
var doc string

// Rule describes the finalizerblock rule.
var Rule = &lint.Rule{
	Name:       "finalizerblock",
	Doc:        doc,
	Default:    true,
	Since:      "v0.1.0",
	Severity:   lint.Error,
	Origin:     "Cluster API providers and Config Connector: a deletion waits for an owner or dependency that is gone, or owner and child wait for each other's finalizers",
	Helpers:    []string{"finalizer.Runner", "ownership.GetOwner"},
	Categories: []string{categoryNotFound, categoryNilOwner, categoryDependency, categorySecret, categoryProtected, categoryDeadlock, categoryOrder, categoryInMemory, categoryNotReady, categoryAlreadyGone, categorySpecGate, categoryStatusGate},
	Requires:   []*analysis.Analyzer{deletionpath.Analyzer, depnotfound.Analyzer, waits.Analyzer, groupkind.Analyzer, latched.Analyzer},
	FactTypes:  []analysis.Fact{new(packageWaits), new(orderFact), new(zeroResultFact), new(stopsOnNotFoundFact)},
	// The waits, for the deletion graph.
	ResultType: reflect.TypeFor[*Result](),
	Run:        run,
}

// Analyzer reports deletions that can never reach the removal of the
// object's finalizer once an owner or dependency is gone.
var Analyzer = lint.New(Rule)

// Categories of the diagnostics, one per sub-check.
const (
	categoryNotFound   = "notfound"   // a lookup's not-found error ends the deletion
	categoryNilOwner   = "nilowner"   // a nil owner ends the deletion
	categoryDependency = "dependency" // a dependency-not-found error ends the deletion
	categorySecret     = "secret"     // a missing Secret ends the deletion
	categoryProtected  = "protected"  // a dependency gone before it got the controller's own finalizer ends the deletion
	categoryDeadlock   = "deadlock"   // two kinds wait for each other to be gone
)

// A Wait is a wait in deletion code: while being deleted, objects of kind
// Waiter keep their finalizer as long as an object of kind On exists. Kinds
// are "import/path.Type".
type Wait = waits.Wait

// checker holds the pass-wide state.
type checker struct {
	pass *analysis.Pass
	info *types.Info
	code *deletionpath.Code
	// produces tells whether a call can fail with a dependency-not-found
	// error (rule adapterdeletion's set), and names the error; nil when
	// unknown.
	produces func(*ast.CallExpr) (string, bool)
	// deps is the package's dependency-not-found analysis, for the calls a
	// finding's related information traces; nil when unknown.
	deps     *depnotfound.Result
	reported map[ast.Node]bool
	// emptyDeletes memoises emptyDelete; deletedByLookup holds the
	// first Delete it found for each lookup call.
	emptyDeletes    map[emptyKey]*ast.CallExpr
	deletedByLookup map[*ast.CallExpr]*ast.CallExpr
	// namelessVars memoises madeNameless.
	namelessVars map[types.Object]bool
	// waits are the waits of the package's deletion code and of the
	// packages it imports (see Wait).
	waits map[Wait]bool
	// kinds says when two kind keys are one kind (their GroupKind), as
	// kinds are compared here.
	kinds *groupkind.Index
	// ownerWalkers are the package's own owner helpers (see ownerwalk.go),
	// found on first use.
	ownerWalkers map[*types.Func]bool
	// targets are the functions whose lookups are checked.
	targets map[*deletionpath.Func]target
	// callIndex lists the package's functions with their callees (see
	// callers); built on demand.
	callIndex *[]caller
	// writtenBack memoises, per function, the lists its SetFinalizers
	// and Finalizers assignments write back, with the removal (see
	// keepingAppend).
	writtenBack map[*deletionpath.Func]map[types.Object]ast.Node
	// waitsFor indexes waits by waiter (see waitsOn); built on demand.
	waitsFor map[string][]Wait
	// needs are the package's deletion-order needs (see order.go).
	needs []need
	// ownRemoval caches removalIndex for entry points.
	ownRemoval map[*cfg.Block]int
	// resultTypes memoises which types are the package's own result
	// types, statusWaits which functions return one that stops on a
	// lookup's not-found (see ownresult.go).
	resultTypes map[*types.TypeName]bool
	statusWaits map[*types.Func]statusWait
	// latched tells the readiness fields set to true and never back.
	latched *latched.Result
	// retryingHelpers memoises helperRetries.
	retryingHelpers map[*types.Func]bool
	// ruling is how deep ruledOut is evaluating conditions.
	ruling int
}

// A target is a function whose lookups are checked, with the removal they
// must not keep it from.
type target struct {
	// rem is the first finalizer removal the function reaches; nil for a
	// deletion entry point that leaves it to the framework.
	rem *recognize.FinalizerRemoval
	// entry is the entry point the function implements, or nil.
	entry *deletionpath.EntryPoint
}

// removalIndex returns the index of the first node of b that reaches the
// removal of f's finalizer, or len(b.Nodes).
func (c *checker) removalIndex(f *deletionpath.Func, b *cfg.Block) int {
	if c.targets[f].entry == nil {
		return c.code.RemovalIndex(b) // computed by the analysis
	}
	if i, ok := c.ownRemoval[b]; ok {
		return i
	}
	if c.ownRemoval == nil {
		c.ownRemoval = make(map[*cfg.Block]int)
	}
	i := c.code.OwnRemovalIndex(f, b)
	c.ownRemoval[b] = i
	return i
}

// removal returns the removal of f's finalizer, or nil.
func (c *checker) removal(f *deletionpath.Func) *recognize.FinalizerRemoval {
	return c.targets[f].rem
}

// succeeds reports whether r is a return of a deletion entry point that
// does not ask for a retry: the framework goes on to remove the
// finalizer. When the lookup of o found its object missing, a return of
// its error with not-found ignored (client.IgnoreNotFound(err)) is one.
func (c *checker) succeeds(f *deletionpath.Func, r *ast.ReturnStmt, o origin, missing bool) bool {
	if c.targets[f].entry == nil {
		return false
	}
	if !c.retries(f, r) {
		return true
	}
	if !missing || o.errVar == nil || o.category == categoryNilOwner || len(r.Results) == 0 {
		return false
	}
	return c.ignoresNotFound(r.Results[len(r.Results)-1], o.errVar)
}

// ignoresNotFound reports whether e is the error v with not-found made nil:
// IgnoreNotFound(v) (controller-runtime's client, crossplane-runtime's
// resource, ...), possibly wrapped by a function that keeps nil nil
// (errors.Wrap(IgnoreNotFound(v), "...")).
func (c *checker) ignoresNotFound(e ast.Expr, v types.Object) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	if recognize.IsIgnoreNotFound(c.info, call) {
		return deletionpath.RootVar(c.info, call.Args[0]) == v
	}
	fn := recognize.Callee(c.info, call)
	if fn == nil {
		return false
	}
	switch fn.Name() {
	case "Wrap", "Wrapf", "WithMessage", "WithMessagef":
		return c.ignoresNotFound(call.Args[0], v)
	}
	return false
}

func run(pass *analysis.Pass) (any, error) {
	code, _ := pass.ResultOf[deletionpath.Analyzer].(*deletionpath.Code)
	if code == nil || len(code.Funcs()) == 0 {
		// No deletion code of its own: the package may still import
		// both ends of a deletion order (see reportOrder).
		c := &checker{pass: pass, info: pass.TypesInfo, kinds: groupkind.Of(pass), reported: make(map[ast.Node]bool)}
		c.reportOrder(nil)
		return nil, nil
	}
	c := &checker{
		pass:     pass,
		info:     pass.TypesInfo,
		code:     code,
		reported: make(map[ast.Node]bool),
		kinds:    groupkind.Of(pass),
	}
	c.latched, _ = pass.ResultOf[latched.Analyzer].(*latched.Result)
	c.exportZeroResults()
	c.produces = producer(pass)
	c.deps, _ = pass.ResultOf[depnotfound.Analyzer].(*depnotfound.Result)
	c.targets = make(map[*deletionpath.Func]target)
	c.exportStatusWaits()
	var found, whileDeleting []localWait
	// The waits on a listing or a presence test (package waits).
	wr := pass.ResultOf[waits.Analyzer].(*waits.Result)
	listed := wr.Local()
	var funcs []*deletionpath.Func
	for _, f := range code.Funcs() {
		if e := code.EntryPoint(f.Obj); e != nil {
			// A method a framework calls while deleting: its own
			// removal is of the object it is given, and a return that
			// does not retry lets the framework go on to remove the
			// finalizer. One the framework calls on every pass is
			// adapterdeletion's.
			if e.Role == deletionpath.RoleDeleting {
				c.targets[f] = target{rem: code.OwnRemoval(f), entry: e}
				funcs = append(funcs, f)
			}
			continue
		}
		rem := code.Removal(f.Obj)
		if rem == nil || code.NormalOnly(f.Obj) {
			continue
		}
		if !f.TestsDeletion() && !rem.Guarded {
			// Releases a finalizer without any deletion in sight (a
			// plugin that drops another object's protective finalizer
			// from what it just made, a CLI command): not deletion code.
			continue
		}
		c.targets[f] = target{rem: rem}
		funcs = append(funcs, f)
		found = append(found, c.findWaits(f)...)
		whileDeleting = append(whileDeleting, c.waitsWhileDeleting(f)...)
	}
	c.addWaits(found, listed, wr.Contract())
	for _, f := range funcs {
		c.checkLookups(f)
		c.checkSpecGates(f)
	}
	c.reportOrder(funcs)
	c.reportDeadlocks(found, whileDeleting, wr)
	c.reportInMemory()
	return newResult(found), nil
}

// addWaits sets c.waits: the waits found in the package's deletion code,
// on listings, by contract, and those of imported packages.
func (c *checker) addWaits(found []localWait, listed, contract []Wait) {
	c.waits = make(map[Wait]bool)
	for _, w := range found {
		c.waits[w.Wait] = true
	}
	for _, w := range listed {
		c.waits[w] = true
	}
	for _, w := range contract {
		c.waits[w] = true
	}
	for _, pf := range c.pass.AllPackageFacts() {
		if ws, ok := pf.Fact.(*packageWaits); ok && pf.Package != c.pass.Pkg {
			for _, h := range ws.List {
				if !h.Deleting {
					c.waits[h.Wait] = true
				}
			}
		}
	}
}

// origin is a condition whose branch is taken when a lookup says that what
// it looks for is missing.
type origin struct {
	category string
	lookup   recognize.Lookup // the lookup, when known
	call     *ast.CallExpr    // the call whose result is tested
	errVar   types.Object     // the error tested, if any
	objVar   types.Object     // the looked-up object's variable, if any
	edge     int              // the successor taken when missing
	present  int              // the successor taken when present, or -1
	// why names what a call that is not a lookup fails with, when it
	// can fail with a dependency-not-found error (see depnotfound).
	why string
	// drops: the condition tests any error of a plain lookup (err != nil),
	// so only the returns that drop the error, and so end the retries,
	// strand the finalizer; returning it is a retry of what may be
	// transient.
	drops bool
	// viaGet: the error tested is a client Get's that a helper of the
	// package hands back as it is (depnotfound's CanProduceStrict); the
	// Get is at the end of trace.
	viaGet bool
	// nilResult: the lookup is a helper's that answers a missing object
	// with no object and a nil error; objVar holds its result.
	nilResult bool
	// retried: the return hands the error of a drops origin back for a
	// retry, in code that runs only while deleting.
	retried bool
	// status: the condition tests the own result type that a helper
	// (call) returns, which asks to stop when the helper's lookup finds
	// its object missing (see statusTest); statusKind is the kind it
	// looks up, when known.
	status     bool
	statusKind string
	// anyErr: the condition tests any error (err != nil) of a lookup whose
	// not-found is for good: a return that neither hands the error back
	// nor requeues drops it (reported as drops are).
	anyErr bool
	// ready: the condition's operand that tests the looked-up object's
	// readiness (see readyTest); missing means not ready.
	ready ast.Expr
	// collected: the condition tests the length of this slice, into
	// which the lookup's error branch appends its error (see
	// collectedTest).
	collected types.Object
	// through: for an alreadygone origin whose Delete is in helpers of
	// the package, the calls down to it (see goneDelete).
	through []*ast.CallExpr
	// way: the way the not-found leaves call, when call answers some
	// missing objects with an error value of its own (see checker.ways).
	way *depnotfound.Way
}

// checkLookups reports, in f, the returns taken when a lookup finds its
// owner or dependency missing on a path where the object may be being
// deleted, before the finalizer removal that f reaches.
func (c *checker) checkLookups(f *deletionpath.Func) {
	// A return reached both by a not-found test and by an err != nil test
	// that drops the error (or retries it while deleting) is reported as
	// the not-found case: the more precise account.
	type found struct {
		r *ast.ReturnStmt
		o origin
	}
	if c.neverStored(f) {
		return // the object never holds the finalizer: nothing to block
	}
	var drops []found
	defer func() {
		for _, d := range drops {
			c.reportReturn(f, d.r, d.o)
		}
	}()
	type walked struct {
		b       *cfg.Block
		o       origin
		returns []*ast.ReturnStmt
		keeps   []*ast.AssignStmt
	}
	var cases []walked
	var guards []guard
	for _, b := range f.CFG.Blocks {
		if !b.Live || !f.MayDelete(b) || c.removalIndex(f, b) < len(b.Nodes) {
			continue
		}
		for _, o := range c.reachedOrigins(f, b) {
			returns, keeps, removes := c.walkMissing(f, b, o)
			if !removes {
				cases = append(cases, walked{b, o, returns, keeps})
			} else if o.present >= 0 && o.lookup.Type != nil && !c.waitsForSelf(f, o) && !c.deletedAfterSelf(f, o) {
				guards = append(guards, guard{b, o})
			}
		}
	}
	for _, w := range cases {
		b, o, returns := w.b, w.o, w.returns
		if c.finalizerOnlyPastGate(f, b, o) {
			// An object without an owner, or whose dependency was
			// never ready, never got the finalizer.
			continue
		}
		if !c.decides(f, b, o) {
			continue
		}
		if c.whileFound(f, guards, b, o) {
			// Read only while another object exists, whose absence
			// releases the finalizer: this waits for it at most,
			// and needs nothing of its own.
			continue
		}
		if (len(returns) > 0 || len(w.keeps) > 0) && o.ready == nil && o.category != categoryAlreadyGone {
			// This kind's deletion needs the looked-up kind: the
			// latter's deletion must wait for it (see reportOrder).
			// A return of any error counts: once the object is
			// gone, its retries fail for good.
			c.recordNeed(f, o)
		}
		if c.waitsForSelf(f, o) {
			// The looked-up kind's own deletion code keeps its
			// finalizer while this object exists: it cannot be
			// gone first.
			continue
		}
		for _, k := range w.keeps {
			// Kept on every pass, whatever the function returns: no
			// drop or retry to tell.
			ko := o
			ko.drops, ko.retried = false, false
			c.reportReturn(f, k, ko)
		}
		for _, r := range returns {
			switch {
			case o.anyErr && !c.retries(f, r):
				// A return that does not even retry the error: say
				// that it drops it.
				o := o
				o.drops = true
				c.reportReturn(f, r, o)
			case !o.drops:
				c.reportReturn(f, r, o)
			case !c.retries(f, r):
				drops = append(drops, found{r, o})
			case f.Deleting(b) && c.retriedForGood(f, b, o):
				// Code that runs only while deleting: a retry of a
				// lookup whose object is gone fails for good.
				o := o
				o.retried = true
				drops = append(drops, found{r, o})
			}
		}
	}
}

// walk follows f's control flow from block start, assuming that the
// lookup of o found its object missing (or present), and that the
// reconciled object is being deleted. It returns the returns reached
// before a finalizer removal, and whether a finalizer removal is reached on
// some path (then the case is handled, and the returns are retries of other
// errors).
func (c *checker) walk(f *deletionpath.Func, start *cfg.Block, o origin, missing bool) (returns []*ast.ReturnStmt, removes bool) {
	returns, _, removes = c.walkFrom(f, start, 0, o, missing, nil)
	return returns, removes
}

// walkMissing is walk from the edge of b that o's lookup takes when its
// object is missing, which also returns the appends that keep the
// finalizer (keepingAppend) in blocks that only that edge leads to: what
// the failure of this lookup alone keeps, as a return does (a loop that
// appends the other finalizers is reached by every path, and keeps none of
// this one).
func (c *checker) walkMissing(f *deletionpath.Func, b *cfg.Block, o origin) (returns []*ast.ReturnStmt, keeps []*ast.AssignStmt, removes bool) {
	var shared map[*cfg.Block]bool // reached without the edge, on first need
	keeping := func(in *cfg.Block, n ast.Node) *ast.AssignStmt {
		as := c.keepingAppend(f, n)
		if as == nil {
			return nil
		}
		if shared == nil {
			shared = f.Avoiding(func(x *cfg.Block, i int) bool { return x == b && i == o.edge })
		}
		if shared[in] {
			return nil
		}
		return as
	}
	return c.walkFrom(f, b.Succs[o.edge], 0, o, true, keeping)
}

// walkFrom is walk from node index from of block start; keeping, when not
// nil, tells the appends that keep the finalizer, which end their path and
// are returned as keeps.
func (c *checker) walkFrom(f *deletionpath.Func, start *cfg.Block, from int, o origin, missing bool, keeping func(*cfg.Block, ast.Node) *ast.AssignStmt) (returns []*ast.ReturnStmt, keeps []*ast.AssignStmt, removes bool) {
	f.Forward(start, from, func(b *cfg.Block, from int) bool {
		if missing && nextIteration(b, o.call) {
			// Back at the head of a loop around the lookup: the missing
			// object is skipped (continue, or the end of the body) and
			// the next one handled, which treats missing as gone.
			return false
		}
		stop := c.removalIndex(f, b)
		for i := from; i < len(b.Nodes); i++ {
			if i >= stop {
				removes = true
				return false
			}
			if keeping != nil {
				if as := keeping(b, b.Nodes[i]); as != nil {
					keeps = append(keeps, as)
					return false
				}
			}
			if r, ok := b.Nodes[i].(*ast.ReturnStmt); ok {
				if c.succeeds(f, r, o, missing) {
					removes = true
				} else {
					returns = append(returns, r)
				}
				return false
			}
		}
		return true
	}, func(b *cfg.Block, cond ast.Expr) []int {
		if v, ok := c.eval(f, cond, o, missing); ok {
			return []int{edgeOf(v)}
		}
		return nil
	})
	return returns, keeps, removes
}

// decides reports whether a path from the lookup of o, and from the test
// of the errors it was collected with (ending block b), leads to the
// removal; else (it is in another branch, before them) the lookup does not
// decide whether the finalizer is released.
func (c *checker) decides(f *deletionpath.Func, b *cfg.Block, o origin) bool {
	return c.removalAfter(f, o.call) && (o.collected == nil || c.removalFrom(f, c.code.Cond(b)))
}

// removalAfter reports whether some path of f from the lookup call reaches
// a finalizer removal, whatever the conditions on the way; true when the
// call is not known.
func (c *checker) removalAfter(f *deletionpath.Func, call *ast.CallExpr) bool {
	if call == nil {
		return true
	}
	return c.removalFrom(f, call)
}

// removalFrom reports whether some path of f from the node n reaches a
// finalizer removal (see removalAfter).
func (c *checker) removalFrom(f *deletionpath.Func, n ast.Node) bool {
	b, i := nodeOf(f, n)
	if b == nil {
		return true
	}
	found := false
	f.Forward(b, i, func(b *cfg.Block, from int) bool {
		stop := c.removalIndex(f, b)
		for j := from; j < len(b.Nodes); j++ {
			if j >= stop {
				found = true
				return false
			}
			if _, ok := b.Nodes[j].(*ast.ReturnStmt); ok {
				// A deletion entry point's return may be its success,
				// after which the framework removes the finalizer.
				found = found || c.targets[f].entry != nil
				return false
			}
		}
		return true
	}, func(*cfg.Block, ast.Expr) []int { return nil })
	return found
}

// nextIteration reports whether b is the head of a loop (its condition, its
// post statement, or a range) that encloses the lookup call.
func nextIteration(b *cfg.Block, call *ast.CallExpr) bool {
	if call == nil || b.Stmt == nil {
		return false
	}
	switch b.Kind {
	case cfg.KindForLoop, cfg.KindForPost, cfg.KindRangeLoop:
		return b.Stmt.Pos() <= call.Pos() && call.End() <= b.Stmt.End()
	}
	return false
}

// nodeOf returns the block and index of the CFG node of f that holds n
// (a lookup call, a condition), or nil.
func nodeOf(f *deletionpath.Func, n ast.Node) (*cfg.Block, int) {
	for _, b := range f.CFG.Blocks {
		for i, x := range b.Nodes {
			if x.Pos() <= n.Pos() && n.End() <= x.End() {
				return b, i
			}
		}
	}
	return nil, 0
}

func edgeOf(v bool) int {
	if v {
		return 0
	}
	return 1
}

// origins returns the lookups whose absence decides which way the
// condition ending b goes: the condition has a known value when the
// looked-up object is missing (and the reconciled object is being
// deleted), and not that value when it exists.
func (c *checker) origins(f *deletionpath.Func, b *cfg.Block) []origin {
	cond := c.code.Cond(b)
	if cond == nil {
		return nil
	}
	var out []origin
	deletionpath.Atoms(cond, func(a ast.Expr) {
		o, ok := c.missingTest(f, b, a)
		if !ok {
			return
		}
		for _, o := range c.ways(f, o) {
			out = append(out, c.decided(f, b, cond, o)...)
		}
	})
	return out
}

// reachedOrigins returns the origins of b's condition that a lookup's
// missing object reaches: not a test of any error of the lookup that an
// earlier test already took that case away from (switch { case
// IsNotFound(err): ...; case err != nil: return }).
func (c *checker) reachedOrigins(f *deletionpath.Func, b *cfg.Block) []origin {
	return slices.DeleteFunc(c.origins(f, b), func(o origin) bool {
		return o.anyErr && !c.reachedMissing(f, b, o)
	})
}

// ways splits o by the ways the not-found errors of its call leave it
// (depnotfound.Way): a helper that answers one missing object with an
// error value of its own (return errProgramGone) and hands another's
// not-found on as it is fails either way, and f's errors.Is test of its
// error against the value sends each its own way. One origin when the
// call names no value or f tests none.
func (c *checker) ways(f *deletionpath.Func, o origin) []origin {
	ways := c.deps.Ways(o.call)
	if len(ways) < 2 || o.errVar == nil {
		return []origin{o}
	}
	tested := false
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !tested {
			x, _, known := c.deps.SentinelTest(call, o.call, &ways[0])
			tested = known && deletionpath.RootVar(c.info, x) == o.errVar
		}
		return !tested
	})
	if !tested {
		return []origin{o}
	}
	out := make([]origin, len(ways))
	for i := range ways {
		out[i] = o
		out[i].way = &ways[i]
	}
	return out
}

// decided returns o, with the edges of b its lookup takes, when cond, the
// condition ending b, has a known value when o's object is missing and
// not that value when it exists; nothing otherwise.
func (c *checker) decided(f *deletionpath.Func, b *cfg.Block, cond ast.Expr, o origin) []origin {
	if o.status {
		if o.edge = c.statusEdge(f, b, o); o.edge < 0 {
			return nil
		}
		o.present = -1
		return []origin{o}
	}
	v1, ok1 := c.eval(f, cond, o, true)
	v2, ok2 := c.eval(f, cond, o, false)
	if !ok1 || ok2 && v1 == v2 {
		return nil
	}
	o.edge, o.present = edgeOf(v1), -1
	if ok2 {
		o.present = edgeOf(v2)
	}
	return []origin{o}
}

// eval evaluates cond in f assuming the reconciled object is being deleted
// and the lookup of o found its object missing (or present).
func (c *checker) eval(f *deletionpath.Func, cond ast.Expr, o origin, missing bool) (bool, bool) {
	// notFound: the lookup's error says "not found"; otherwise it is nil
	// (the object exists, or a nil owner came without an error).
	// A readiness test's object exists: its lookup found it.
	notFound := missing && o.category != categoryNilOwner && !o.nilResult && o.ready == nil
	return deletionpath.Eval(cond, func(a ast.Expr) (bool, bool) {
		if t, ok := f.SelfTest(a); ok {
			return t.WhenDeleting, true
		}
		if a == o.ready {
			return !missing, true
		}
		if o.collected != nil {
			if v, ok := c.collectedValue(a, o, missing); ok {
				return v, true
			}
		}
		if t, ok := recognize.AsNotFoundTest(c.info, a); ok {
			if notFound && c.emptyDelete(f, a, deletionpath.RootVar(c.info, t.Err), o) != nil {
				// The Delete of what the lookup did not find fails
				// with another error than not-found.
				return !t.WhenNotFound, true
			}
			if o.errVar == nil || deletionpath.RootVar(c.info, t.Err) != o.errVar {
				return false, false
			}
			if notFound || !t.Exact {
				return t.WhenNotFound, true
			}
			return !t.WhenNotFound, true
		}
		if v, ok := c.sentinelTest(f, a, o, notFound); ok {
			return v, true
		}
		if v, ok := c.otherErrorTest(f, a, o); ok {
			return v, true
		}
		if e := c.soleCondition(a); e != nil {
			// found := err == nil; ...; if found {...}: the test is the
			// variable's value.
			return c.eval(f, e, o, missing)
		}
		if x, whenNil, ok := recognize.NilTest(c.info, a); ok {
			if _, isIdent := x.(*ast.Ident); !isIdent {
				return false, false
			}
			if v := deletionpath.RootVar(c.info, x); v != nil {
				switch {
				case v == o.errVar && !c.reassigned(f, v, o, missing, a):
					return whenNil != notFound, true
				case v == o.objVar:
					return whenNil == missing, true
				case notFound && recognize.IsError(v.Type()) && c.emptyDelete(f, a, v, o) != nil:
					return !whenNil, true // the Delete fails
				case recognize.IsError(v.Type()) && c.lookupError(v):
					// The error of another lookup (a child's Get, whose
					// success may mean "still there, wait"): either way.
					return false, false
				case recognize.IsError(v.Type()):
					// The error of another call: a failure there is
					// retried, which is no finding; follow its success.
					return whenNil, true
				}
			}
		}
		return false, false
	})
}

// soleCondition returns the condition a bool variable a holds, when a is
// one whose sole value is a comparison or a negation (found := err == nil),
// or nil.
func (c *checker) soleCondition(a ast.Expr) ast.Expr {
	id, ok := ast.Unparen(a).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok || !types.Identical(v.Type().Underlying(), types.Typ[types.Bool]) {
		return nil
	}
	switch e := ast.Unparen(inspection.Of(c.pass).Values.Sole(v)).(type) {
	case *ast.BinaryExpr, *ast.UnaryExpr:
		return e
	}
	return nil
}

// otherErrorTest evaluates a when it tests the lookup's error for an error
// that a Kubernetes not-found (or a nil error) never is, and the lookup's
// error is the API server's own (a read, not a seed of the
// dependency-errors setting): errors.As to another package's type, or a
// message compared with one that does not say "not found".
func (c *checker) otherErrorTest(f *deletionpath.Func, a ast.Expr, o origin) (value, known bool) {
	if o.why != "" && o.why != depnotfound.ReferencedRead {
		return false, false
	}
	lookupErr := func(x ast.Expr) bool {
		v := deletionpath.RootVar(c.info, x)
		return v != nil && v == o.errVar && !c.reassigned(f, v, o, true, a)
	}
	if x, ok := c.errorsAsOtherType(a); ok && lookupErr(x) {
		// A not-found is an API status error and a nil error matches
		// nothing: neither is another package's error.
		return false, true
	}
	if x, eq, ok := c.otherMessageTest(a); ok && lookupErr(x) {
		// The API server's not-found, wrapped or not, says "not
		// found": it is not this other message.
		return !eq, true
	}
	return false, false
}

// sentinelTest evaluates a, when it is errors.Is(err, errGone) of o's
// error and o's call answers some missing objects with error values of
// its own (see depnotfound.Result.SentinelTest), when the lookup's error
// says not-found.
func (c *checker) sentinelTest(f *deletionpath.Func, a ast.Expr, o origin, notFound bool) (value, known bool) {
	x, v, ok := c.deps.SentinelTest(a, o.call, o.way)
	if !ok || !notFound || o.errVar == nil || deletionpath.RootVar(c.info, x) != o.errVar || c.reassigned(f, o.errVar, o, notFound, a) {
		return false, false
	}
	return v, true
}

// errorsAsOtherType reports whether a is errors.As(err, target), directly or
// through a helper of the package that is only that test, with a target of
// a concrete type (not the API machinery's StatusError, not an interface)
// that is another package's or one of the package's own that wraps no
// other error (inspection.Wraps), and returns err: a Kubernetes not-found
// is never one, unless the package wraps it so itself.
func (c *checker) errorsAsOtherType(a ast.Expr) (ast.Expr, bool) {
	p := inspection.Of(c.pass)
	x, t, ok := p.ErrorsAs(a)
	if !ok {
		return nil, false
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || types.IsInterface(named) || named.Obj().Pkg() == nil {
		return nil, false
	}
	pkg := named.Obj().Pkg()
	if pkg.Path() == recognize.PkgAPIErrors || pkg == c.pass.Pkg && p.Wraps(named) {
		return nil, false
	}
	return x, true
}

// otherMessageTest reports whether a compares the message of an error with
// a constant that does not say "not found" (err.Error() == msg, or !=),
// and returns the error and whether the comparison is ==. The API server's
// not-found always says so, wrapped (fmt.Errorf("...: %w", err)) or not, so
// such a branch is for another error (a job not done yet), never for an
// object that is gone.
func (c *checker) otherMessageTest(a ast.Expr) (ast.Expr, bool, bool) {
	b, ok := a.(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return nil, false, false
	}
	for _, side := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		call, ok := ast.Unparen(side[0]).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			continue
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Error" || !recognize.IsError(c.info.TypeOf(sel.X)) {
			continue
		}
		tv, ok := c.info.Types[side[1]]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		if strings.Contains(strings.ToLower(constant.StringVal(tv.Value)), "not found") {
			continue
		}
		return sel.X, b.Op == token.EQL, true
	}
	return nil, false, false
}

// lookupError reports whether the error variable v receives the error of
// a lookup (a Get of another object) somewhere.
func (c *checker) lookupError(v types.Object) bool {
	tv, _ := v.(*types.Var)
	for _, a := range inspection.Of(c.pass).Values.Assignments(tv) {
		if call, ok := ast.Unparen(a.Value).(*ast.CallExpr); ok {
			if _, ok := recognize.AsLookup(c.info, call); ok {
				return true
			}
		}
	}
	return false
}

// reassigned reports whether v is assigned from another call between the
// lookup call of o and the condition at: then the condition tests that
// call's error, not the lookup's. An assignment in a branch that the
// lookup's outcome rules out (ctx, err = withAuth(ctx, s) under if err ==
// nil, when the lookup failed) is not on the way.
func (c *checker) reassigned(f *deletionpath.Func, v types.Object, o origin, missing bool, at ast.Node) bool {
	lookup := o.call
	if lookup == nil {
		return false
	}
	vals := inspection.Of(c.pass).Values
	tv, _ := v.(*types.Var)
	for _, a := range vals.Assignments(tv) {
		pos := a.Node.Pos()
		if pos >= lookup.End() && pos <= at.Pos() && ast.Unparen(a.Value) != lookup && !c.ruledOut(f, a.Node, o, missing) {
			return true
		}
	}
	return false
}

// maxRuledOut bounds how deep ruledOut's conditions, which may test
// errors reassigned in turn, are evaluated.
const maxRuledOut = 4

// ruledOut reports whether n, a node of f after o's lookup, is in a branch
// of an if statement, itself after the lookup, whose condition the
// lookup's outcome (its object missing, or not) decides the other way.
func (c *checker) ruledOut(f *deletionpath.Func, n ast.Node, o origin, missing bool) bool {
	if c.ruling >= maxRuledOut {
		return false
	}
	c.ruling++
	defer func() { c.ruling-- }()
	cur, ok := inspection.Of(c.pass).Inspector.Root().FindByPos(n.Pos(), n.End())
	if !ok {
		return false
	}
	for ; cur.Node() != f.Decl && cur.Parent().Node() != nil; cur = cur.Parent() {
		is, ok := cur.Parent().Node().(*ast.IfStmt)
		if !ok || is.Pos() < o.call.End() {
			continue
		}
		inBody := cur.ParentEdgeKind() == edge.IfStmt_Body
		if !inBody && cur.ParentEdgeKind() != edge.IfStmt_Else {
			continue // in its init or condition
		}
		if v, known := c.eval(f, is.Cond, o, missing); known && v != inBody {
			return true
		}
	}
	return false
}

// missingTest reports whether the operand a of the condition ending block
// b of f tests that a lookup of an owner or dependency found it missing.
func (c *checker) missingTest(f *deletionpath.Func, b *cfg.Block, a ast.Expr) (origin, bool) {
	idx := len(b.Nodes) - 1
	if o, ok := c.statusTest(f, b, idx, a); ok {
		return o, true
	}
	if o, ok := c.emptyDeleteTest(f, b, idx, a); ok {
		return o, true
	}
	if o, ok := c.collectedTest(f, b, idx, a); ok {
		return o, true
	}
	if o, ok := c.readyTest(f, b, idx, a); ok {
		return o, true
	}
	if t, ok := recognize.AsNotFoundTest(c.info, a); ok && t.Exact {
		v := deletionpath.RootVar(c.info, t.Err)
		call, l, why, ok := c.definingLookup(f, b, idx, v, false)
		if !ok {
			return origin{}, false
		}
		cat := categoryNotFound
		if isDependencyNotFound(c.info, a) || l.Call == nil {
			cat = categoryDependency
		}
		return origin{category: cat, lookup: l, call: call, errVar: v, why: why}, true
	}
	x, _, ok := recognize.NilTest(c.info, a)
	if !ok {
		return origin{}, false
	}
	v := deletionpath.RootVar(c.info, x)
	if _, isIdent := x.(*ast.Ident); !isIdent || v == nil {
		return origin{}, false
	}
	if recognize.IsError(v.Type()) {
		return c.errTestOrigin(f, b, idx, v)
	}
	defs, complete := f.Definitions(b, idx, v)
	if !complete || len(defs) == 0 {
		return origin{}, false
	}
	if o, ok := c.goneAsNil(f, v, defs); ok {
		return o, true
	}
	var l recognize.Lookup
	for _, d := range defs {
		call, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok {
			return origin{}, false
		}
		ll, ok := c.ownerLookup(call)
		if !ok {
			return origin{}, false
		}
		l = ll
	}
	return origin{category: categoryNilOwner, lookup: l, call: l.Call, errVar: resultErrVar(c.info, f, l.Call), objVar: v}, true
}

// errTestOrigin returns the origin of a test of any error of v (err !=
// nil), at node idx of block b, when v holds a lookup's error.
func (c *checker) errTestOrigin(f *deletionpath.Func, b *cfg.Block, idx int, v types.Object) (origin, bool) {
	// err != nil after a call whose error itself says that an owner or
	// dependency is gone.
	if call, l, why, ok := c.definingLookup(f, b, idx, v, true); ok {
		return origin{category: categoryDependency, lookup: l, call: call, errVar: v, why: why, anyErr: true}, true
	}
	// err != nil after a plain lookup, such as Cluster API's
	// GetClusterFromMetadata: a not-found is among the errors, and a
	// return that drops them ends the retries for good.
	call, l, _, ok := c.definingLookup(f, b, idx, v, false)
	if ok && l.Call != nil && l.Kind == recognize.LookupGet {
		return origin{category: categoryNotFound, lookup: l, call: call, errVar: v, drops: true}, true
	}
	// err != nil after a helper of the package that returns a client
	// Get's error as it is: the same, one call down.
	if call, ok := c.helperGet(f, b, idx, v); ok {
		return origin{category: categoryNotFound, call: call, errVar: v, drops: true, viaGet: true}, true
	}
	// err != nil after a Delete of an object made by name, while
	// deleting: once the object is gone, it fails for good.
	return c.alreadyGoneOrigin(f, b, idx, v)
}

// goneAsNil returns the origin of a nil test of v, the object result of
// calls (defs) of helpers that answer a missing referenced object with no
// object and a nil error (key, err := r.keySecret(ctx, v); if key == nil):
// the test, not the error's, sees the object gone.
func (c *checker) goneAsNil(f *deletionpath.Func, v types.Object, defs []ast.Expr) (origin, bool) {
	var call *ast.CallExpr
	for _, d := range defs {
		dc, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok || !c.deps.NilWhenGone(dc) {
			return origin{}, false
		}
		t := c.info.TypeOf(dc.Fun)
		if t == nil || c.produces == nil {
			return origin{}, false
		}
		sig, ok := t.Underlying().(*types.Signature)
		if !ok || sig.Results().Len() == 0 || !types.Identical(sig.Results().At(0).Type(), v.Type()) {
			return origin{}, false
		}
		call = dc
	}
	why, _ := c.produces(call)
	return origin{category: categoryDependency, call: call, errVar: resultErrVar(c.info, f, call), objVar: v, why: why, nilResult: true}, true
}

// definingLookup finds the calls that define error v at node idx of b, and
// reports whether all are lookups of an owner or dependency other than the
// reconciled object. With errorsOnly, only calls whose error itself says
// that an owner or dependency is gone count: ownership.GetOwner
// (ErrOwnerGone) and calls that can fail with a dependency-not-found error.
// It returns the last such call and, when it is a lookup, the lookup.
func (c *checker) definingLookup(f *deletionpath.Func, b *cfg.Block, idx int, v types.Object, errorsOnly bool) (call *ast.CallExpr, lookup recognize.Lookup, why string, ok bool) {
	if v == nil {
		return nil, recognize.Lookup{}, "", false
	}
	calls := definingCalls(f, b, idx, v)
	if calls == nil {
		return nil, recognize.Lookup{}, "", false
	}
	for _, dc := range calls {
		l, isLookup := recognize.AsLookup(c.info, dc)
		switch {
		case isLookup && c.isSelf(f, l):
			return nil, recognize.Lookup{}, "", false
		case isLookup && c.keyedByListed(l):
			// A listed peer's own object: not a dependency of the
			// deleted one, and the wait ends when the peer is repaired
			// or gone.
			return nil, recognize.Lookup{}, "", false
		case isLookup && (!errorsOnly || l.Kind == recognize.LookupOwnerErr):
			lookup, why = l, ""
		case isLookup && c.produces != nil:
			// A read whose not-found is handed on (a referenced object):
			// the lookup, with what it fails with.
			w, produces := c.produces(dc)
			if !produces {
				return nil, recognize.Lookup{}, "", false
			}
			lookup, why = l, w
		case c.code.EntryCall(dc) && !c.handsOnRead(dc):
			// A framework's call of an entry point: its
			// implementations are checked, where the fix goes.
			return nil, recognize.Lookup{}, "", false
		default:
			w, produces := "", false
			if c.produces != nil {
				w, produces = c.produces(dc)
			}
			if !produces || c.deps.NilWhenGone(dc) {
				// A helper that answers a missing object with a nil
				// error: its error never says so (see goneAsNil).
				return nil, recognize.Lookup{}, "", false
			}
			lookup, why = recognize.Lookup{}, w
		}
		call = dc
	}
	return call, lookup, why, true
}

// handsOnRead reports whether one of the package's implementations of the
// interface method call calls returns, as it is, the error of a call that
// can fail with a dependency-not-found error (return c.Get(ctx, key, obj)):
// with no test of its own to report, the caller's test of that error is
// where the finalizer is kept.
func (c *checker) handsOnRead(call *ast.CallExpr) bool {
	fn := recognize.Callee(c.info, call)
	if fn == nil || c.produces == nil {
		return false
	}
	for _, m := range c.code.Implementations(fn) {
		f := c.code.Func(m)
		if f == nil {
			continue
		}
		found := false
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if len(n.Results) > 0 {
					if rc, ok := ast.Unparen(n.Results[len(n.Results)-1]).(*ast.CallExpr); ok {
						_, produces := c.produces(rc)
						found = found || produces
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// isSelf reports whether l reads the reconciled object itself: a Get keyed
// by the reconcile request (or by a client-go controller's work-queue
// key), a Get into an object f did not create (a
// parameter, a receiver field), which re-reads the object it was given, or
// a Get into the object whose finalizer f removes.
func (c *checker) isSelf(f *deletionpath.Func, l recognize.Lookup) bool {
	if recognize.IsSelfKey(c.info, f.Decl.Body, l.Key) {
		return true
	}
	if x := c.keyedBy(l.Key); x != nil && c.sameKind(x.Type(), l.Type) {
		// app, err := clientset.Get(ctx, app.Name, opts): the object read
		// back, by its own name, into the variable that held it. And
		// fresh, err := clientset.Get(ctx, app.Name, opts), r.Get(ctx,
		// client.ObjectKeyFromObject(app), fresh), where app is of the
		// kind whose finalizer f removes: a fresh copy of the object
		// being deleted. (An object of another kind, or one a helper is
		// handed, read by its own name is what a reference names.)
		if x == resultVar(c.info, f, l.Call) || c.ownKind(f, l.Type) {
			return true
		}
	}
	if l.Object == nil {
		return false
	}
	if _, ok := compositeOf(l.Object); ok || recognize.Builtin(c.info, l.Object) == "new" {
		// Read into an object made here (&corev1.Secret{}): another
		// object than the one f was given.
		return false
	}
	v := deletionpath.RootVar(c.info, l.Object)
	body := f.Decl.Body
	return v == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() || c.removesFinalizerOf(f, v)
}

// keyedBy returns the variable holding the object whose own name a
// lookup's key is: x.Name, x.GetName(), a key literal whose Name is one
// (also through a variable that holds it), client.ObjectKeyFromObject(x);
// or nil.
func (c *checker) keyedBy(key ast.Expr) types.Object {
	if key == nil {
		return nil
	}
	if call, ok := ast.Unparen(key).(*ast.CallExpr); ok && len(call.Args) == 1 &&
		recognize.IsFunc(recognize.Callee(c.info, call), recognize.PkgClient, "ObjectKeyFromObject") {
		if _, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok {
			return deletionpath.RootVar(c.info, call.Args[0])
		}
		return nil
	}
	if name := c.keyName(key); name != nil {
		key = name
	}
	return namesOf(c.info, key)
}

// sameKind reports whether the types a and b are of one kind (compared as
// GroupKinds).
func (c *checker) sameKind(a, b types.Type) bool {
	if a == nil || b == nil {
		return false
	}
	ka, kb := recognize.TypeKey(a), recognize.TypeKey(b)
	if ka == "" || kb == "" || recognize.KindSetAtRunTime(a) || recognize.KindSetAtRunTime(b) {
		return false // an Unstructured may hold any kind
	}
	return c.kinds.Key(ka) == c.kinds.Key(kb)
}

// keyedByListed reports whether the name of a Get's key is read from a
// Kubernetes object found in a list (peer.Spec.CredentialsName, peer :=
// &list.Items[i]).
func (c *checker) keyedByListed(l recognize.Lookup) bool {
	if l.Key == nil {
		return false
	}
	name := c.keyName(l.Key)
	if name == nil {
		name = l.Key
	}
	root := ast.Unparen(name)
	for {
		switch x := root.(type) {
		case *ast.SelectorExpr:
			root = ast.Unparen(x.X)
			continue
		case *ast.IndexExpr, *ast.Ident:
			// An object of the list (a peer), not a name from one.
			t := c.info.TypeOf(x)
			if t == nil {
				return false
			}
			obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetFinalizers")
			return obj != nil && c.code.IsElement(x)
		}
		return false
	}
}

// removesFinalizerOf reports whether the finalizer removal f's deletion
// path ends with is of the object v holds: a lookup into v (a re-read of
// the object being released) finds it gone only when there is nothing left
// to release. A dependency whose own protective finalizer f also strips
// stays a dependency: if its lookup returns on not-found, the removal of
// the object's own finalizer is never reached.
func (c *checker) removesFinalizerOf(f *deletionpath.Func, v types.Object) bool {
	rem := c.removal(f)
	return rem != nil && rem.Object != nil && deletionpath.RootVar(c.info, rem.Object) == v
}

// resultVar returns the variable that receives the first result of call
// in an assignment of f (app, err := clientset.Get(...)), or nil.
func resultVar(info *types.Info, f *deletionpath.Func, call *ast.CallExpr) types.Object {
	if as := assignmentOf(f, call); as != nil {
		return deletionpath.RootVar(info, as.Lhs[0])
	}
	return nil
}

// assignmentOf returns the assignment of f whose only value is call, or
// nil.
func assignmentOf(f *deletionpath.Func, call *ast.CallExpr) *ast.AssignStmt {
	var found *ast.AssignStmt
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call {
			found = as
		}
		return found == nil
	})
	return found
}

// namesOf returns the variable whose own name the key expression is
// (x.Name, x.GetName(), x.ObjectMeta.Name), or nil.
func namesOf(info *types.Info, key ast.Expr) types.Object {
	e := ast.Unparen(key)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		e = ast.Unparen(call.Fun)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Name" && sel.Sel.Name != "GetName" {
		return nil
	}
	x := ast.Unparen(sel.X)
	if inner, ok := x.(*ast.SelectorExpr); ok && inner.Sel.Name == "ObjectMeta" {
		x = inner.X
	}
	if _, ok := x.(*ast.Ident); !ok {
		return nil
	}
	return deletionpath.RootVar(info, x)
}

// definingCalls returns the calls whose results define v at node idx of
// b, or nil when some definition that reaches it is not a call or the
// definitions are not all known.
func definingCalls(f *deletionpath.Func, b *cfg.Block, idx int, v types.Object) []*ast.CallExpr {
	defs, complete := f.Definitions(b, idx, v)
	if !complete || len(defs) == 0 {
		return nil
	}
	calls := make([]*ast.CallExpr, 0, len(defs))
	for _, d := range defs {
		call, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok {
			return nil
		}
		calls = append(calls, call)
	}
	return calls
}

// resultErrVar returns the error variable that receives the last result of
// call in an assignment of f (err := c.Get(...), owner, err :=
// GetOwner(...)), or nil.
func resultErrVar(info *types.Info, f *deletionpath.Func, call *ast.CallExpr) types.Object {
	as := assignmentOf(f, call)
	if as == nil {
		return nil
	}
	v := deletionpath.RootVar(info, as.Lhs[len(as.Lhs)-1])
	if v == nil || !recognize.IsError(v.Type()) {
		return nil
	}
	return v
}

func isDependencyNotFound(info *types.Info, cond ast.Expr) bool {
	apiNotFound := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && recognize.IsFunc(recognize.Callee(info, call), recognize.PkgAPIErrors, "IsNotFound") {
			apiNotFound = true
		}
		return !apiNotFound
	})
	return !apiNotFound
}

// waitsForSelf reports whether the kind o looks up waits, in its own
// deletion code (or through kinds that wait in turn), for the kind whose
// finalizer f removes.
func (c *checker) waitsForSelf(f *deletionpath.Func, o origin) bool {
	rem := c.removal(f)
	if rem == nil {
		return false
	}
	// The looked-up kind: the lookup's, or, for a read in another
	// package's helper (behind an interface), the kind its fact reads;
	// each kind, when the helpers read a few.
	var waiters []string
	if c.readsSeveral(o) {
		waiters = c.readKinds(o)
	} else if dep := c.lookedUp(o); dep != nil {
		waiters = []string{recognize.TypeKey(dep)}
	} else if k := c.readKind(o); o.call != nil && k != "" {
		waiters = []string{k}
	}
	if len(waiters) == 0 || o.category == categoryNilOwner {
		// A nil owner may never have been set, or be gone without
		// waiting (a MachinePool's Machines): no owner waits then.
		return false
	}
	on := recognize.TypeKey(c.code.ReleasedType(f, rem))
	return on != "" && !slices.ContainsFunc(waiters, func(w string) bool { return !c.waitsOn(w, on) })
}

// neverStored reports whether the finalizer whose removal f reaches is
// never stored on its object: every add of it in the package changes only
// the object in memory, written back through its status alone
// (deletionpath.Code.NeverStored).
func (c *checker) neverStored(f *deletionpath.Func) bool {
	rem := c.removal(f)
	if rem == nil || rem.Object == nil {
		return false
	}
	kind := recognize.TypeKey(c.info.TypeOf(rem.Object))
	return kind != "" && c.code.NeverStored(kind, rem.Name, func(a, b string) bool { return c.kinds.Key(a) == c.kinds.Key(b) })
}

// key returns w with its kinds replaced by their groupkind Keys, which two
// waits of the same kinds (through any API version's types) share.
func (c *checker) key(w Wait) Wait {
	return Wait{Waiter: c.kinds.Key(w.Waiter), On: c.kinds.Key(w.On)}
}

// retries reports whether r asks for another reconcile: it returns an error
// that is not the constant nil, or a ctrl.Result that requeues (Requeue,
// RequeueAfter), or a value of the operator's own result type other than
// its zero value, or the results of a call of a function of the package
// one of whose returns does (return r.fail(ctx, err)); a result of unknown
// origin (another package's function) counts as a retry.
func (c *checker) retries(f *deletionpath.Func, r *ast.ReturnStmt) bool {
	return c.retriesAt(f, r, 0)
}

// maxRetryDepth bounds the result helpers followed into by retries.
const maxRetryDepth = 3

// helperRetries reports whether a return of fn's results retries: fn is
// not a function of the package (unknown: a retry), or one of its returns
// retries. Memoised per function, for every origin and return that asks.
func (c *checker) helperRetries(fn *types.Func, depth int) bool {
	hf := c.code.Func(fn)
	if hf == nil || depth >= maxRetryDepth {
		return true
	}
	if r, ok := c.retryingHelpers[hf.Obj]; ok {
		return r
	}
	retried := false
	ast.Inspect(hf.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			// A bare return hands back named results set elsewhere:
			// unknown, a retry.
			retried = retried || len(n.Results) == 0 || c.retriesAt(hf, n, depth+1)
		}
		return !retried
	})
	if c.retryingHelpers == nil {
		c.retryingHelpers = make(map[*types.Func]bool)
	}
	c.retryingHelpers[hf.Obj] = retried
	return retried
}

func (c *checker) retriesAt(f *deletionpath.Func, r *ast.ReturnStmt, depth int) bool {
	for _, res := range r.Results {
		res = ast.Unparen(res)
		t := c.info.TypeOf(res)
		if _, ok := t.(*types.Tuple); ok {
			// return helper(...): what the helper's returns ask for.
			call, ok := res.(*ast.CallExpr)
			if !ok {
				return true
			}
			return c.helperRetries(recognize.Callee(c.info, call), depth)
		}
		switch {
		case t != nil && recognize.IsError(t):
			if tv := c.info.Types[res]; !tv.IsNil() {
				return true
			}
		case recognize.IsNamedOrPointer(t, recognize.PkgReconcile, "Result"):
			lit, ok := res.(*ast.CompositeLit)
			if !ok {
				return true // a result computed elsewhere: say nothing
			}
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && (id.Name == "Requeue" || id.Name == "RequeueAfter") {
						return true
					}
				}
			}
		case c.isOwnResult(t):
			// The operator's own result type, turned into a ctrl.Result
			// later (see ownresult.go): a value other than its zero value
			// stops and comes back, like a requeue.
			if c.stops(f, r, res) {
				return true
			}
		}
	}
	return false
}

// runnerName returns the Name of a finalizer.Runner held in a variable
// initialised with a composite literal (runner := finalizer.Runner{Name:
// n}; runner.Reconcile(ctx, obj)), or nil.
func (c *checker) runnerName(call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	vals := inspection.Of(c.pass).Values
	v := vals.Var(id)
	var name ast.Expr
	for _, a := range vals.Assignments(v) {
		if x := a.Single(); x != nil && name == nil {
			name = recognize.CompositeField(x, "Name")
		}
	}
	return name
}

// waiterOf returns the kind key of the object whose finalizer f removes,
// the kind that waits when f returns before the removal, or "".
func (c *checker) waiterOf(f *deletionpath.Func) string {
	rem := c.removal(f)
	if rem == nil || rem.Object == nil {
		return ""
	}
	return recognize.TypeKey(c.info.TypeOf(rem.Object))
}

// findWaits finds the waits in f's deletion code: a test that an owner or
// dependency exists, whose "exists" branch returns before the finalizer
// removal f reaches.
func (c *checker) findWaits(f *deletionpath.Func) []localWait {
	waiter := c.waiterOf(f)
	if waiter == "" {
		return nil
	}
	var out []localWait
	for _, b := range f.CFG.Blocks {
		if !b.Live || !f.Deleting(b) || c.code.RemovalIndex(b) < len(b.Nodes) {
			continue
		}
		for _, o := range c.origins(f, b) {
			if o.lookup.Type == nil || o.present < 0 {
				continue
			}
			on := recognize.TypeKey(o.lookup.Type)
			if on == "" || c.kinds.Key(on) == c.kinds.Key(waiter) {
				continue
			}
			// Walk from the lookup itself: the condition may sit in a
			// branch that already excluded presence (inside err != nil).
			if o.call == nil {
				continue
			}
			lb, li := nodeOf(f, o.call)
			if lb == nil {
				continue
			}
			returns, _, removes := c.walkFrom(f, lb, li+1, o, false, nil)
			if !removes && len(returns) > 0 {
				out = append(out, localWait{Wait: Wait{Waiter: waiter, On: on}, at: returns[0], fn: f.Obj})
			}
		}
	}
	return out
}

func shortKind(key string) string {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return key[i+1:]
	}
	return key
}

// orKinds names the kinds of keys, one of which is missing: "Secret",
// "Identity or Secret", "Identity, Zone or Secret".
func orKinds(keys []string) string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = shortKind(k)
	}
	if n := len(names); n > 1 {
		return strings.Join(names[:n-1], ", ") + " or " + names[n-1]
	}
	return strings.Join(names, "")
}

// A guard is a lookup of f whose missing object leads to the finalizer
// removal (its not-found releases the finalizer), with a known way on when
// the object is present, and whose kind neither waits for the reconciled
// object's (see waitsForSelf) nor is deleted only after it (see
// deletedAfterSelf): while deleting, the code after its present edge runs
// only as long as that object exists, which ends.
type guard struct {
	b *cfg.Block
	o origin
}

// deletedAfterSelf reports whether the object o looks up is, by the
// Cluster API contract, deleted only after the objects of the kind whose
// finalizer f releases are gone: a control plane or infrastructure
// cluster (waits.ClusterPart), which its Cluster deletes once the
// Cluster's descendants, and what they wait for in turn, are gone, the
// reconciled kind among them.
func (c *checker) deletedAfterSelf(f *deletionpath.Func, o origin) bool {
	rem := c.removal(f)
	if rem == nil || o.lookup.Type == nil || !waits.ClusterPart(o.lookup.Type) {
		return false
	}
	on := recognize.TypeKey(c.code.ReleasedType(f, rem))
	if on == "" {
		return false
	}
	for w := range c.waits {
		if waits.IsCluster(w.Waiter) && c.waitsOn(w.Waiter, on) {
			return true
		}
	}
	return false
}

// foundFirst reports whether o's lookup, tested at the end of b, is made
// only after a guard of f found its object: every path from f's entry to
// the lookup takes the guard's present edge. Its not-found then holds the
// finalizer until the guard's object is gone, after which the guard's
// missing branch releases it: a wait, not a strand.
func foundFirst(f *deletionpath.Func, guards []guard, b *cfg.Block, o origin) bool {
	at := b
	if o.call != nil {
		if cb, _ := nodeOf(f, o.call); cb != nil {
			at = cb
		}
	}
	for _, g := range guards {
		if g.o.call != o.call && g.b != at && !reachableWithout(f, g.b, g.o.present, at) {
			return true
		}
	}
	return false
}

// whileFound reports whether o's read is made only while a guard's object
// exists: after the guard found it (foundFirst), or through a helper handed
// the guard's variable, nil when it was not found (nilWhenMissing).
func (c *checker) whileFound(f *deletionpath.Func, guards []guard, b *cfg.Block, o origin) bool {
	return foundFirst(f, guards, b, o) || c.nilWhenMissing(f, guards, b, o)
}

// nilWhenMissing reports whether o's call produces only when a variable v
// it is handed is not nil (depnotfound's NonNilArgs: a helper that returns
// at once for no object), and v holds the object a guard of f looks up and
// is set to nil on the guard's missing way: every path from f's entry to
// the call either took the guard's present edge or went through v = nil,
// so the call reads only while the guard's object exists, as in
// foundFirst.
func (c *checker) nilWhenMissing(f *deletionpath.Func, guards []guard, b *cfg.Block, o origin) bool {
	var v types.Object
	for _, a := range c.deps.NonNilArgs(o.call) {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok || (v != nil && c.info.Uses[id] != v) {
			return false
		}
		v = c.info.Uses[id]
	}
	if _, local := v.(*types.Var); !local || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	at := b
	if cb, _ := nodeOf(f, o.call); cb != nil {
		at = cb
	}
	for _, g := range guards {
		if g.o.call == o.call || g.o.call == nil || c.lookedUpVar(g.o) != v || !c.nilAfter(f, v, g.o.call) {
			continue
		}
		setsNil := func(x *cfg.Block) bool {
			return slices.ContainsFunc(x.Nodes, func(n ast.Node) bool { return c.assignsNil(n, v) })
		}
		if !reachableAvoiding(f, g.b, g.o.present, at, setsNil) {
			return true
		}
	}
	return false
}

// nilAfter reports whether every assignment to v in f after the call is
// v = nil, and v's address is never taken: after the call, v is the
// object the call filled or nil.
func (c *checker) nilAfter(f *deletionpath.Func, v types.Object, call *ast.CallExpr) bool {
	ok := true
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND && isVar(c.info, n.X, v) {
				ok = false
			}
		case *ast.AssignStmt:
			if n.Pos() > call.Pos() && !c.assignsNil(n, v) && slices.ContainsFunc(n.Lhs, func(l ast.Expr) bool { return isVar(c.info, l, v) }) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// assignsNil reports whether n is v = nil.
func (c *checker) assignsNil(n ast.Node, v types.Object) bool {
	as, isAssign := n.(*ast.AssignStmt)
	return isAssign && len(as.Lhs) == 1 && len(as.Rhs) == 1 && isVar(c.info, as.Lhs[0], v) && c.info.Types[as.Rhs[0]].IsNil()
}

// isVar reports whether e is an identifier of v.
func isVar(info *types.Info, e ast.Expr, v types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && (info.Uses[id] == v || info.Defs[id] == v)
}

// reachableWithout reports whether block to is reachable from f's entry
// without taking successor edge of block from.
func reachableWithout(f *deletionpath.Func, from *cfg.Block, edge int, to *cfg.Block) bool {
	return reachableAvoiding(f, from, edge, to, nil)
}

// reachableAvoiding is reachableWithout that also goes through no block
// for which stop, when not nil, is true.
func reachableAvoiding(f *deletionpath.Func, from *cfg.Block, edge int, to *cfg.Block, stop func(*cfg.Block) bool) bool {
	if len(f.CFG.Blocks) == 0 {
		return true
	}
	seen := make(map[*cfg.Block]bool)
	stack := []*cfg.Block{f.CFG.Blocks[0]}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b] || (stop != nil && stop(b)) {
			continue
		}
		seen[b] = true
		for i, s := range b.Succs {
			if b != from || i != edge {
				stack = append(stack, s)
			}
		}
	}
	return false
}

// keepingAppend returns n when it appends to a list that a finalizer
// removal of f writes back whole (keep = append(keep, f) before
// obj.SetFinalizers(keep)): on the path of a failed cleanup, such an append
// keeps the finalizer, as a return before the removal does.
func (c *checker) keepingAppend(f *deletionpath.Func, n ast.Node) *ast.AssignStmt {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !recognize.IsAppend(c.info, as.Rhs[0]) {
		return nil
	}
	if v := deletionpath.RootVar(c.info, as.Lhs[0]); v != nil && c.writeBack(f, v) != nil {
		return as
	}
	return nil
}

// writeBack returns the finalizer removal of f (a call or an assignment)
// that writes back the list v, or nil.
func (c *checker) writeBack(f *deletionpath.Func, v types.Object) ast.Node {
	lists, ok := c.writtenBack[f]
	if !ok {
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			if w := deletionpath.WrittenBack(c.info, n); w != nil {
				if lists == nil {
					lists = make(map[types.Object]ast.Node)
				}
				if _, seen := lists[w]; !seen {
					lists[w] = n
				}
			}
			return true
		})
		if c.writtenBack == nil {
			c.writtenBack = make(map[*deletionpath.Func]map[types.Object]ast.Node)
		}
		c.writtenBack[f] = lists
	}
	return lists[v]
}
