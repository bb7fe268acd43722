package driftgate

import (
	"bytes"
	_ "embed"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/polls"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

//go:embed doc.go
var doc string

// Rule describes the driftgate rule.
var Rule = &lint.Rule{
	Name:       "driftgate",
	Doc:        doc,
	Default:    true,
	Since:      "v0.1.0",
	Severity:   lint.Error,
	Origin:     "self-healing operators: work gated on generation, or a builder-wide GenerationChangedPredicate, never repairs a deleted or edited child",
	Fix:        "moves a builder-wide WithEventFilter predicate to For(..., builder.WithPredicates(...))",
	Helpers:    []string{"drift.MissingChildren", "drift.Check"},
	Categories: []string{categoryGate, categoryFilter, categoryFilterPolled, categoryWatchFilter, categoryKindFilter},
	Requires:   []*analysis.Analyzer{children.Analyzer, builders.Analyzer, groupkind.Analyzer, polls.Analyzer},
	FactTypes:  []analysis.Fact{new(generationGate), new(genPredicate), new(kindPredicate)},
	Run:        run,
}

// Analyzer reports generation gating that stops a controller from repairing
// its children.
var Analyzer = lint.New(Rule)

// Categories of the diagnostics, one per sub-check.
const (
	categoryGate   = "generation-gate"
	categoryFilter = "event-filter"
	// categoryFilterPolled: an event filter on a controller whose
	// reconciler polls, which repairs the children within one interval.
	categoryFilterPolled = "event-filter-polled"
	categoryWatchFilter  = "watch-filter"
)

const pathDrift = recognize.PkgRuntimeModule + "/drift"

// generationGate is the fact of a function whose bool result is true when an object's
// generation equals its observed generation (a helper such as
// isUpToDate(obj)).
type generationGate struct{}

// AFact implements analysis.Fact.
func (*generationGate) AFact() {}

func (*generationGate) String() string { return "generationGate" }

type checker struct {
	pass  *analysis.Pass
	res   *children.Result
	decls map[*types.Func]*ast.FuncDecl
	funcs []*types.Func // the keys of decls, in declaration order
	gates map[*types.Func]bool
	// vals are the values assigned to the package's variables.
	vals *values.Index
	// touches are the functions of the package that read or write objects
	// other than through status, directly or through their callees.
	touches map[*types.Func]bool
	// genTypes and genFuncs are the package's own generation predicates
	// (see findGenPredicates).
	genTypes map[*types.TypeName]bool
	genFuncs map[*types.Func]bool
	// kindFuncs are the package's functions that return a predicate of
	// one kind, with its kind key (see findKindPredicates).
	kindFuncs map[*types.Func]string
	// kinds compares kinds by GroupKind.
	kinds *groupkind.Index
}

func newChecker(pass *analysis.Pass, res *children.Result) *checker {
	return &checker{
		pass:      pass,
		res:       res,
		decls:     make(map[*types.Func]*ast.FuncDecl),
		gates:     make(map[*types.Func]bool),
		vals:      inspection.Of(pass).Values,
		touches:   make(map[*types.Func]bool),
		genTypes:  make(map[*types.TypeName]bool),
		genFuncs:  make(map[*types.Func]bool),
		kindFuncs: make(map[*types.Func]string),
		kinds:     groupkind.Of(pass),
	}
}

func run(pass *analysis.Pass) (any, error) {
	res, _ := pass.ResultOf[children.Analyzer].(*children.Result)
	c := newChecker(pass, res)
	c.index()
	// Gate helpers are summarised in every package, for the packages that
	// build controllers.
	c.findGates()
	c.findGenPredicates()
	c.findKindPredicates()
	if !builders.ImportsControllerAPI(pass.Pkg) {
		return nil, nil
	}
	chains := builders.Of(pass)
	for _, chain := range chains {
		w := c.childWatches(chain)
		c.checkFilter(chain, w)
		c.checkWatchPredicates(chain, w)
	}
	c.findTouches()
	seen := make(map[*types.Named]bool)
	for _, chain := range chains {
		if chain.For == nil || chain.Reconciler == nil {
			continue
		}
		n := recognize.Named(recognize.Unpointer(chain.Reconciler))
		if n == nil || seen[n] {
			continue
		}
		seen[n] = true
		reconciled := objkind.Of(builders.ObjectArg(pass.TypesInfo, chain.For))
		if reconciled == "" {
			continue
		}
		kids := res.OfReconciler(n, reconciled)
		if len(kids) == 0 {
			continue
		}
		for _, m := range children.Methods(n) {
			if m.Name() != "Reconcile" {
				continue
			}
			if fd := c.decls[m]; fd != nil {
				c.checkGate(fd, reconciled, kids)
			}
		}
	}
	return nil, nil
}

// index records the package's function declarations.
func (c *checker) index() {
	for _, f := range inspection.Of(c.pass).Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					c.decls[fn] = fd
					c.funcs = append(c.funcs, fn)
				}
			}
		}
	}
}

// findGates finds the package's functions whose only result is a bool that
// is a generation test on every return, and exports a generationGate fact for them.
func (c *checker) findGates() {
	fixpoint.Solve(c.funcs, func(fn *types.Func) bool {
		if c.gates[fn] || !returnsOnlyBool(fn) {
			return false
		}
		all, any := true, false
		ast.Inspect(c.decls[fn].Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if len(n.Results) == 1 && c.isGenTest(n.Results[0], "") {
					any = true
				} else {
					all = false
				}
			}
			return true
		})
		if all && any {
			c.gates[fn] = true
		}
		return all && any
	})
	for fn := range c.gates {
		c.pass.ExportObjectFact(fn, new(generationGate))
	}
}

func returnsOnlyBool(fn *types.Func) bool {
	rs := recognize.ResultTypes(fn)
	return len(rs) == 1 && recognize.IsBool(rs[0])
}

// isGenTest reports whether e is true when an object's generation equals
// its observed generation: a == b of the two (in either order), possibly a
// top-level operand of && or ||, or a call of a gate function. When
// reconciled is not empty, the object must be of that kind (or of an
// interface type): a test of a child's generation is not a gate.
func (c *checker) isGenTest(e ast.Expr, reconciled string) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			return c.isGenTest(e.X, reconciled) || c.isGenTest(e.Y, reconciled)
		case token.EQL:
			return c.isGeneration(e.X, reconciled) && isObserved(e.Y) || isObserved(e.X) && c.isGeneration(e.Y, reconciled)
		}
	case *ast.CallExpr:
		fn := recognize.Callee(c.pass.TypesInfo, e)
		if fn == nil {
			return false
		}
		gate := c.gates[fn]
		if !gate && fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
			gate = c.pass.ImportObjectFact(fn, new(generationGate))
		}
		if !gate || reconciled == "" {
			return gate
		}
		operands := e.Args
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			operands = append([]ast.Expr{sel.X}, operands...)
		}
		for _, o := range operands {
			if c.isSubject(o, reconciled) {
				return true
			}
		}
	}
	return false
}

// isSubject reports whether the object expression e may be the reconciled
// object: it is of kind reconciled, or of an interface type.
func (c *checker) isSubject(e ast.Expr, reconciled string) bool {
	if reconciled == "" {
		return true
	}
	t := c.pass.TypesInfo.TypeOf(e)
	if t == nil {
		return false
	}
	if _, ok := recognize.Unpointer(t).Underlying().(*types.Interface); ok {
		return true
	}
	return objkind.Of(t) == reconciled
}

// isGeneration reports whether e is the metadata.generation of an object
// that may be the reconciled one: obj.Generation (the metav1.ObjectMeta
// field), obj.ObjectMeta.Generation or obj.GetGeneration().
func (c *checker) isGeneration(e ast.Expr, reconciled string) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if e.Sel.Name != "Generation" {
			return false
		}
		s := info.Selections[e]
		if s == nil {
			return false
		}
		v, ok := s.Obj().(*types.Var)
		if !ok || !v.IsField() || v.Pkg() == nil || !recognize.PathIs(v.Pkg().Path(), recognize.PkgMetaV1) {
			return false
		}
		x := ast.Unparen(e.X)
		if meta, ok := x.(*ast.SelectorExpr); ok && meta.Sel.Name == "ObjectMeta" {
			x = meta.X
		}
		return c.isSubject(x, reconciled)
	case *ast.CallExpr:
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "GetGeneration" && len(e.Args) == 0 && c.isSubject(sel.X, reconciled)
	}
	return false
}

// isObserved reports whether e is an observed generation: a field named
// ObservedGeneration (of a status or a condition) or GetObservedGeneration().
func isObserved(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return e.Sel.Name == "ObservedGeneration"
	case *ast.CallExpr:
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "GetObservedGeneration" && len(e.Args) == 0
	}
	return false
}

// isGenPredicate reports whether e is a generation-changed predicate, or
// an Or/And combination holding one, also through a variable.
func (c *checker) isGenPredicate(e ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if c.ownGenPredicate(e) {
		return true
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		// Before controller-runtime v0.18 the predicate was a struct of its
		// own, not an alias of the typed one.
		t := info.TypeOf(e)
		return recognize.IsNamed(t, recognize.PkgPredicate, "TypedGenerationChangedPredicate") || recognize.IsNamed(t, recognize.PkgPredicate, "GenerationChangedPredicate")
	case *ast.CallExpr:
		key := recognize.CallKey(info, e)
		if recognize.KeyIs(key, recognize.PkgPredicate, "Or") || recognize.KeyIs(key, recognize.PkgPredicate, "And") {
			for _, a := range e.Args {
				if c.isGenPredicate(a, depth+1) {
					return true
				}
			}
		}
	case *ast.Ident:
		if v, ok := info.Uses[e].(*types.Var); ok {
			if rhs := c.vals.Sole(v); rhs != nil {
				return c.isGenPredicate(rhs, depth+1)
			}
		}
	}
	return false
}

// pollOf returns how the chain's reconciler polls on the passes that set
// the owner references of its children of the given kinds, and whether
// each such pass polls (polls.Result.ReconcilerFrom): a changed child is
// repaired by the next pass that reaches it. When no such child is known,
// every pass counts.
func (c *checker) pollOf(chain *builders.Chain, kinds []string) (polls.Poll, bool) {
	var ats []ast.Node
	if chain.For != nil && chain.Reconciler != nil {
		if reconciled := objkind.Of(builders.ObjectArg(c.pass.TypesInfo, chain.For)); reconciled != "" {
			want := make(map[string]bool, len(kinds))
			for _, k := range kinds {
				want[c.kinds.Key(k)] = true
			}
			for _, kid := range c.res.OfReconciler(chain.Reconciler, reconciled) {
				if want[c.kinds.Key(kid.Kind)] {
					ats = append(ats, kid.At)
				}
			}
		}
	}
	return polls.Of(c.pass).ReconcilerFrom(chain.Reconciler, ats...)
}

// childKinds returns the kinds of the controlled children of the chain's
// reconciler, by groupkind Key.
func (c *checker) childKinds(chain *builders.Chain) map[string]bool {
	if chain.For == nil || chain.Reconciler == nil {
		return nil
	}
	reconciled := objkind.Of(builders.ObjectArg(c.pass.TypesInfo, chain.For))
	if reconciled == "" {
		return nil
	}
	kinds := make(map[string]bool)
	for _, kid := range c.res.OfReconciler(chain.Reconciler, reconciled) {
		kinds[c.kinds.Key(kid.Kind)] = true
	}
	return kinds
}

// checkFilter reports a builder-wide generation-changed event filter on a
// controller that watches children (see childWatches.ofChild).
func (c *checker) checkFilter(chain *builders.Chain, w childWatches) {
	info := c.pass.TypesInfo
	watches, onlyJobs := false, true
	var watched []string // the kinds of the children watched, when known
	var filters []*ast.CallExpr
	type kindFilter struct {
		call *ast.CallExpr
		kind string
	}
	var kindFilters []kindFilter
	for _, call := range chain.Calls {
		m, _, _ := builders.BuilderCall(info, call)
		switch m {
		case "Owns", "Watches", "WatchesMetadata":
			kind := objkind.Of(builders.ObjectArg(info, call))
			if w.ofChild(m, call, kind) {
				watches = true
				onlyJobs = onlyJobs && isJob(kind)
				if kind != "" {
					watched = append(watched, kind)
				}
			}
		case "WithEventFilter":
			if len(call.Args) != 1 {
				continue
			}
			if c.isGenPredicate(call.Args[0], 0) {
				filters = append(filters, call)
			} else if k := c.filterKind(call.Args[0], 0); k != "" {
				kindFilters = append(kindFilters, kindFilter{call, k})
			}
		}
	}
	if !watches {
		return
	}
	for _, f := range kindFilters {
		c.checkKindFilter(chain, f.call, f.kind, watched)
	}
	for _, f := range filters {
		msg := "WithEventFilter with a generation-changed predicate filters the events of every watched object: " +
			"updates of the children this controller owns or watches do not change their generation on status or metadata edits, " +
			"so they are dropped and a changed child is not repaired; " +
			"give the predicate to For only, with builder.WithPredicates(predicate.GenerationChangedPredicate{})"
		category := categoryFilter
		if onlyJobs {
			msg = jobsMessage
		} else if poll, ok := c.pollOf(chain, watched); ok {
			msg = "WithEventFilter with a generation-changed predicate filters the events of every watched object: " +
				"updates of the children this controller owns or watches do not change their generation on status or metadata edits, " +
				"so they are dropped and a changed child is repaired only when the reconciler polls (" + poll.Describe() + ", by its RequeueAfter), not at once; " +
				"give the predicate to For only, with builder.WithPredicates(predicate.GenerationChangedPredicate{})"
			category = categoryFilterPolled
		}
		var opts []lint.Option
		if fix, ok := c.filterFix(chain, f); ok {
			opts = append(opts, fix)
		}
		// Report at the method name: the call's own position is the start
		// of the whole chain.
		var at ast.Node = f
		if sel, ok := ast.Unparen(f.Fun).(*ast.SelectorExpr); ok {
			at = sel.Sel
		}
		lint.Report(c.pass, at, category, msg, opts...)
	}
}

// childWatches tells which watches of a controller are of its children.
type childWatches struct {
	c *checker
	// kids are the kinds of the reconciler's controlled children, by
	// groupkind Key (see childKinds).
	kids map[string]bool
	// made are the kinds, by groupkind Key, that the reconciler creates or
	// applies, or nil when it may make any: its methods are not known, or
	// they make objects of a kind not known here.
	made map[string]bool
}

// childWatches returns what tells the chain's watches of children.
func (c *checker) childWatches(chain *builders.Chain) childWatches {
	w := childWatches{c: c, kids: c.childKinds(chain)}
	if chain.Reconciler == nil {
		return w
	}
	made, unknown, ok := c.res.CreatedByReconciler(chain.Reconciler)
	if !ok || unknown {
		return w
	}
	w.made = make(map[string]bool, len(made))
	for k := range made {
		w.made[c.kinds.Key(k)] = true
	}
	return w
}

// ofChild reports whether the builder call m (Owns, Watches or
// WatchesMetadata) watches children of kind: a kind of the controlled
// children, or an owned kind (Owns, or Watches with
// handler.EnqueueRequestForOwner) that the reconciler may make. A
// generation-changed filter drops only updates: the owned objects of a
// reconciler that makes none are no children it repairs (an Owns left
// over from a scaffold, or objects another controller makes). Watches of
// other objects (referenced configuration, mapped with a function) are
// not children: their spec changes bump their generation.
func (w childWatches) ofChild(m string, call *ast.CallExpr, kind string) bool {
	key := w.c.kinds.Key(kind)
	if kind != "" && w.kids[key] {
		return true
	}
	owned := m == "Owns" || len(call.Args) > 1 && w.c.isOwnerHandler(call.Args[1])
	return owned && (w.made == nil || kind == "" || w.made[key])
}

// jobsMessage is the event-filter message for a controller whose children
// are only Jobs, which it runs once rather than repairs: a Job's status
// (completion, failure) does not change its generation, its creation and
// deletion still pass the predicate (runtime/internal/evidence).
const jobsMessage = "WithEventFilter with a generation-changed predicate filters the events of every watched object: " +
	"a Job's status changes (completion, failure) do not change its generation, so they are dropped and this controller " +
	"sees a Job finish only at its next reconcile (a RequeueAfter poll, or an edit of its own object's spec); " +
	"creations and deletions still pass; give the predicate to For only, with builder.WithPredicates(predicate.GenerationChangedPredicate{})"

// isJob reports whether kind (see children.Kind) is batch/v1 Job.
func isJob(kind string) bool {
	path, name := objkind.Split(kind)
	return name == "Job" && recognize.PathIs(path, recognize.PkgBatchV1)
}

// isOwnerHandler reports whether e is handler.EnqueueRequestForOwner, its
// typed form, or the struct literal of controller-runtime before v0.15.
func (c *checker) isOwnerHandler(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		// Before controller-runtime v0.15: &handler.EnqueueRequestForOwner{...}.
		lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
		return ok && recognize.IsNamed(c.pass.TypesInfo.TypeOf(lit), recognize.PkgHandler, "EnqueueRequestForOwner")
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	key := recognize.CallKey(c.pass.TypesInfo, call)
	return recognize.KeyIs(key, recognize.PkgHandler, "EnqueueRequestForOwner") || recognize.KeyIs(key, recognize.PkgHandler, "TypedEnqueueRequestForOwner")
}

// filterFix moves a plain GenerationChangedPredicate{} from WithEventFilter
// to For's options, when both calls are in the chain's first expression and
// the file imports the builder package.
func (c *checker) filterFix(chain *builders.Chain, filter *ast.CallExpr) (lint.Option, bool) {
	info := c.pass.TypesInfo
	forCall := chain.For
	if forCall == nil || len(forCall.Args) == 0 || forCall.Ellipsis.IsValid() ||
		!chain.Direct(info, forCall) || !chain.Direct(info, filter) {
		return nil, false
	}
	arg := ast.Unparen(filter.Args[0])
	if _, ok := arg.(*ast.CompositeLit); !ok {
		return nil, false
	}
	n, ok := types.Unalias(info.TypeOf(arg)).(*types.Named)
	if !ok || n.TypeArgs().Len() != 1 || !recognize.IsNamed(n.TypeArgs().At(0), recognize.PkgClient, "Object") {
		return nil, false
	}
	sel, ok := ast.Unparen(filter.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	file := recognize.FileOf(c.pass.Files, forCall.Pos())
	if file == nil {
		return nil, false
	}
	var edits []analysis.TextEdit
	name := importName(file, recognize.PkgBuilder, "builder")
	if name == "" {
		// Import the builder package, unless its name is taken.
		name = "builder"
		if c.pass.Pkg.Scope().Lookup(name) != nil || fileUsesName(file, name) {
			return nil, false
		}
		edit, ok := addImport(file, recognize.PkgBuilder)
		if !ok {
			return nil, false
		}
		edits = append(edits, edit)
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, c.pass.Fset, arg); err != nil {
		return nil, false
	}
	last := forCall.Args[len(forCall.Args)-1]
	edits = append(edits,
		analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + name + ".WithPredicates(" + buf.String() + ")")},
		analysis.TextEdit{Pos: sel.X.End(), End: filter.End()},
	)
	return lint.Fix("Filter only the reconciled object's events", edits...), true
}

// addImport returns the edit that imports path in file: after the
// controller-runtime import of the file's first import block (so that
// gofmt keeps it in that group, sorted), or as a declaration of its own
// after a lone import.
func addImport(file *ast.File, path string) (analysis.TextEdit, bool) {
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT || len(gd.Specs) == 0 {
			continue
		}
		text := strconv.Quote(path)
		if !gd.Lparen.IsValid() {
			return analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\n\nimport " + text)}, true
		}
		after := gd.Specs[len(gd.Specs)-1]
		for _, spec := range gd.Specs {
			p, err := strconv.Unquote(spec.(*ast.ImportSpec).Path.Value)
			if err == nil && strings.HasPrefix(p, recognize.PkgControllerRuntime) {
				after = spec
			}
		}
		return analysis.TextEdit{Pos: after.End(), End: after.End(), NewText: []byte("\n\t" + text)}, true
	}
	return analysis.TextEdit{}, false
}

// fileUsesName reports whether name is an identifier anywhere in file, so
// that an import under that name could clash.
func fileUsesName(file *ast.File, name string) bool {
	found := false
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// importName returns the name file uses for the package path, or "".
func importName(file *ast.File, path, defaultName string) string {
	if file == nil {
		return ""
	}
	for _, imp := range file.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p != path {
			continue
		}
		if imp.Name == nil {
			return defaultName
		}
		if imp.Name.Name == "_" || imp.Name.Name == "." {
			return ""
		}
		return imp.Name.Name
	}
	return ""
}

// findTouches computes the functions of the package that read or write
// objects (other than status writes), directly or through their callees,
// including those that create children through other packages' helpers.
func (c *checker) findTouches() {
	info := c.pass.TypesInfo
	callees := make(map[*types.Func][]*types.Func)
	for fn, fd := range c.decls {
		direct := false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if c.isWork(call, "") {
				direct = true
			}
			if g := recognize.Callee(info, call); g != nil && c.decls[g] != nil {
				callees[fn] = append(callees[fn], g)
			}
			return true
		})
		if direct {
			c.touches[fn] = true
		}
	}
	fixpoint.Solve(c.funcs, func(fn *types.Func) bool {
		if c.touches[fn] {
			return false
		}
		if slices.ContainsFunc(callees[fn], func(g *types.Func) bool { return c.touches[g] }) {
			c.touches[fn] = true
		}
		return c.touches[fn]
	})
}

// isWork reports whether call reconciles or checks children: a client read
// of another kind than reconciled, a client write other than to status,
// drift.MissingChildren, a typed clientset call, a create-or-update helper,
// or a call of a function that creates children or does any of these.
func (c *checker) isWork(call *ast.CallExpr, reconciled string) bool {
	info := c.pass.TypesInfo
	key := recognize.CallKey(info, call)
	if recognize.KeyIs(key, pathDrift, "MissingChildren") ||
		recognize.KeyIs(key, recognize.PkgControllerutil, "CreateOrUpdate") ||
		recognize.KeyIs(key, recognize.PkgControllerutil, "CreateOrPatch") ||
		recognize.KeyIs(key, recognize.PkgRuntimeModule+"/ownership", "EnsureChild") {
		return true
	}
	if cc, ok := recognize.AsClientCall(info, call); ok {
		switch cc.Method {
		case "Get", "List":
			if cc.Object == nil {
				return true
			}
			kind := objkind.Of(info.TypeOf(cc.Object))
			return kind == "" || reconciled == "" || (kind != reconciled && kind != reconciled+"List")
		default:
			return !cc.Status
		}
	}
	fn := recognize.Callee(info, call)
	if fn == nil {
		return false
	}
	if r := recognize.Named(recognize.Receiver(fn)); r != nil && r.Obj().Pkg() != nil &&
		recognize.PathUnder(r.Obj().Pkg().Path(), recognize.PkgTypedClients) {
		return true
	}
	return c.touches[fn] || c.res.CreatesAny(fn)
}

// checkGate reports returns taken on unchanged generation, in a reconciler
// with controlled children, that can be reached from the function's entry
// without reconciling or checking any child.
func (c *checker) checkGate(fd *ast.FuncDecl, reconciled string, kids []children.Child) {
	var returns []*ast.ReturnStmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if c.isGenTest(n.Cond, reconciled) {
				ast.Inspect(n.Body, func(m ast.Node) bool {
					switch m := m.(type) {
					case *ast.FuncLit:
						return false
					case *ast.ReturnStmt:
						returns = append(returns, m)
					}
					return true
				})
			}
		}
		return true
	})
	if len(returns) == 0 {
		return
	}
	g := cfg.New(fd.Body, func(*ast.CallExpr) bool { return true })
	if len(g.Blocks) == 0 {
		return
	}
	reached := c.reachedBeforeWork(g, reconciled)
	file := recognize.FileOf(c.pass.Files, fd.Pos())
	kind, _ := objkind.NameIn(c.pass.Pkg, file, kids[0].Kind)
	for _, ret := range returns {
		if !reached[ret] {
			continue
		}
		msg := "this return skips the children when generation equals status.observedGeneration: generation changes only with the spec, " +
			"so a deleted or changed " + kind + " is not repaired until the spec changes; " +
			"reconcile the children on every pass, or check they exist" + lint.RuntimeHelper(c.pass, " (drift.MissingChildren)") + " before returning"
		lint.Report(c.pass, ret, categoryGate, msg, lint.Related(kids[0].At, kind+" is a controlled child of this reconciler"))
	}
}

// reachedBeforeWork returns the return statements reachable from the
// entry of g on a path that does no child work.
func (c *checker) reachedBeforeWork(g *cfg.CFG, reconciled string) map[*ast.ReturnStmt]bool {
	reached := make(map[*ast.ReturnStmt]bool)
	seen := make(map[*cfg.Block]bool)
	queue := []*cfg.Block{g.Blocks[0]}
	seen[g.Blocks[0]] = true
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		blocked := false
		for _, n := range b.Nodes {
			if ret, ok := n.(*ast.ReturnStmt); ok {
				// The return's own results are evaluated before it.
				if c.containsWork(ret, reconciled) {
					blocked = true
					break
				}
				reached[ret] = true
				continue
			}
			if c.containsWork(n, reconciled) {
				blocked = true
				break
			}
		}
		if blocked {
			continue
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				queue = append(queue, s)
			}
		}
	}
	return reached
}

func (c *checker) containsWork(n ast.Node, reconciled string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		if call, ok := m.(*ast.CallExpr); ok && c.isWork(call, reconciled) {
			found = true
		}
		return !found
	})
	return found
}
