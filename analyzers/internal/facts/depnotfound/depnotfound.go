// Package depnotfound computes which calls can fail with a
// dependency-not-found error: the error a Kubernetes controller returns when
// an object its spec refers to does not exist (or is not ready), and which,
// while the object is being deleted, keeps its finalizer from ever being
// removed.
//
// The set is computed, not listed. It is seeded with the error types and
// their constructors named in the dependency-errors setting (settings.Shared) and
// grows through calls: a function or method whose body, on some path that
// has not tested deletion (or that is known to be deleting), calls a seed
// constructor, builds a seed error value, or calls another such function
// gets a *Produces fact, so callers in other packages know it too. Interface method calls count when a known
// implementation produces; a method called on a value the function received
// (a visitor, a reference, a callback) is recorded as a need, resolved at
// each call site by the concrete values passed in, or, where no caller can
// say which value it is (a reconciler's field of interface type, set where
// the reconciler is built), by any implementation in scope. A call whose error is
// discarded does not count. A read keyed by a reference that an object
// found in a list holds (peer.Spec.SecretRef) is the peer's dependency, not
// one; a read keyed by references that a parameter's object holds is one
// only where the caller passes an object of its own, not a peer it listed
// (FieldCond.Keyed), through any number of calls and packages.
//
// A function whose results, keys rather than objects, derive from what an
// object it is handed refers to (keyFor(obj), obj.GadgetKey()) gets a
// *keyFact: a read keyed by its result reads what that object names.
//
// A function that answers a failed call's error with an error value of the
// program's (if err != nil { return errProgramGone }) lists that value in
// its fact (Produces.Via), with the kind of what leaves that way: a caller's
// errors.Is(err, errProgramGone) sees those objects gone, and not the ones
// the function hands on as they are (Result.Ways, SentinelTest).
//
// Functions that classify an error as an unresolvable dependency
// (errors.As to a seed type, or a call of another classifier, such as
// Config Connector's lifecyclehandler.CausedByUnresolvableDeps) get a
// *classifierFact.
//
// The analyzer's result, a *Result, answers for the rules: CanProduce (and
// CanProduceStrict, which also counts any client Get) for a call,
// IsClassifier for a call that classifies an error, Unguarded for the
// producing calls of a function body that precede its deletion test, and
// UndecidedReach for the part of a body reachable before a deletion test.
// It is computed whole in Run (see result.go): its queries only look up
// what Run found, and never touch the pass.
package depnotfound

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/isdeleting"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/setting"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
	"github.com/deletionlint/deletionlint/analyzers/settings"
)

// Analyzer computes Produces and classifierFact facts and a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "depnotfound",
	Doc:        "compute the calls that can fail with a dependency-not-found error (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{settings.Analyzer, inspection.Analyzer, isdeleting.Analyzer},
	FactTypes:  []analysis.Fact{new(Produces), new(classifierFact), new(keyFact)},
	ResultType: reflect.TypeFor[*Result](),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

// Produces is the fact of a function or method whose error can carry a
// dependency-not-found error.
type Produces struct {
	// Why names the seed the function reaches unconditionally (a
	// constructor or error type, as "k8s.NewReferenceNotFoundError"), or is
	// empty when it produces only through Needs.
	Why string
	// Get names what the function reaches when any read of a referenced
	// object counts (strict mode): Why, or a client Get. Empty if none.
	Get string
	// Needs lists, sorted, the methods (or "func" for a function value)
	// that the function calls on values it receives and that produce when
	// the value passed in has such a producing method.
	Needs []string
	// Fields lists, sorted, what the function produces only when the
	// object passed in has a field set (see FieldCond).
	Fields []FieldCond
	// Kind is the kind key ("import/path.Name") of the referenced objects
	// the function reads (see ReferencedRead), for messages; empty when it
	// reads none of a known kind or several kinds.
	Kind string
	// NilWhenGone reports that every production of the function ends it
	// with a nil error: it answers a missing referenced object with no
	// object (return nil, client.IgnoreNotFound(err)), so its callers see
	// the absence in its result, never in its error.
	NilWhenGone bool
	// Via lists, sorted by value, the error values (package variables
	// such as errProgramGone) that some of the function's productions
	// leave it as: a failed read answered with return errProgramGone
	// rather than the read's error, so callers see the missing object as
	// errors.Is(err, errProgramGone).
	Via []Way
	// Bare reports, when Via is not empty, that other productions leave
	// the function as they are (the read's error, wrapped or not), and
	// BareKind is the kind key of what those read.
	Bare     bool
	BareKind string
}

// A Way is one way a function's not-found errors leave it: as the error
// value Value ("import/path.name"), or as themselves when Value is empty;
// Kind is the kind key of the referenced objects whose absence leaves that
// way ("" when not known or several).
type Way struct {
	Value, Kind string
}

// AFact implements analysis.Fact.
func (*Produces) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (p *Produces) String() string {
	s := fmt.Sprintf("depNotFound(why=%q, get=%q, needs=[%s]", p.Why, p.Get, strings.Join(p.Needs, " "))
	for _, f := range p.Fields {
		var what string
		switch {
		case f.Keyed:
			what = "is not listed"
		case f.Arg:
			what = "is a reference"
		case f.Bool != "":
			what = "is " + f.Bool
		case f.Holds != "":
			what = "has a " + f.Holds
		case f.Path != "":
			what = "has " + f.Path
		}
		if f.NonNil {
			what = strings.TrimPrefix(what+" and is not nil", " and ")
		}
		s += fmt.Sprintf(", if param %d %s: %q", f.Param, what, f.Why)
	}
	if k := p.readKind(); k != "" {
		s += fmt.Sprintf(", reads %s", k)
	}
	if p.NilWhenGone {
		s += ", nil when gone"
	}
	for i, w := range p.Via {
		sep := " or "
		if i == 0 {
			sep = ", as "
		}
		s += sep + w.Value + bracketKind(w.Kind)
	}
	if p.Bare {
		s += " or itself" + bracketKind(p.BareKind)
	}
	return s + ")"
}

// bracketKind returns " [kind]" for a kind of one referenced object, or "".
func bracketKind(kind string) string {
	if k := oneKind(kind); k != "" {
		return " [" + k + "]"
	}
	return ""
}

// classifierFact is the fact of a function that tells whether an error is a
// dependency-not-found error.
type classifierFact struct{}

// AFact implements analysis.Fact.
func (*classifierFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (*classifierFact) String() string { return "classifiesDepNotFound" }

// ClientGet is the Why of a read through a controller-runtime client, which
// counts only in strict mode.
const ClientGet = "client.Reader.Get"

// ClientList is the Why of a List through a controller-runtime client keyed
// by a reference, whose empty result is returned as an error.
const ClientList = "client.Reader.List"

// funcNeed is the need for a function value passed in and called.
const funcNeed = "func"

// readKind returns p.Kind unless it stands for several kinds.
func (p *Produces) readKind() string { return oneKind(p.Kind) }

// oneKind returns kind when it is one kind, "" when it stands for several
// or for a parameter's.
func oneKind(kind string) string {
	if kind == severalKinds || strings.Contains(kind, " ") || strings.HasPrefix(kind, paramPrefix) {
		return ""
	}
	return kind
}

// kindsOf returns the kinds kind stands for: one, a few, or none when they
// are too many to name; a parameter's kind is not named.
func kindsOf(kind string) []string {
	if kind == severalKinds {
		return nil
	}
	return slices.DeleteFunc(strings.Fields(kind), func(k string) bool { return strings.HasPrefix(k, paramPrefix) })
}

// paramPrefix starts the kind of an object a function reads into one of
// its parameters, whose kind is not known in it (client.Object, a type
// parameter): "param#2" is the kind of what each call passes for its third
// parameter (see solver.argKinds). Results never name one.
const paramPrefix = "param#"

// paramKind returns the kind that stands for what the callers pass for the
// parameter x is, when x is one of the parameters of the function s
// describes; "" otherwise.
func paramKind(info *types.Info, x ast.Expr, s *scope) string {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || s == nil || s.index == nil {
		return ""
	}
	if i, ok := s.index[info.Uses[id]]; ok {
		return paramPrefix + strconv.Itoa(i)
	}
	return ""
}

// argKinds returns kind, the kind of what a callee reads, with each kind
// of one of the callee's parameters replaced by the kind of what call
// passes for it: the argument's type, or, for a parameter of the caller
// passed on, the caller's own parameter kind; dropped when neither.
func (r *solver) argKinds(call *ast.CallExpr, kind string, s *scope) string {
	if !strings.Contains(kind, paramPrefix) {
		return kind
	}
	out := ""
	for _, k := range strings.Fields(kind) {
		if i, ok := strings.CutPrefix(k, paramPrefix); ok {
			k = ""
			if n, err := strconv.Atoi(i); err == nil && n < len(call.Args) {
				arg := call.Args[n]
				if k = objkind.Of(r.pass.TypesInfo.TypeOf(arg)); k == "" {
					k = paramKind(r.pass.TypesInfo, arg, s)
				}
			}
		}
		mergeKind(&out, k)
	}
	return out
}

// An effect's kind is the set of kind keys of the referenced objects it
// reads, sorted and separated by spaces (kind keys hold none), or
// severalKinds when they are more than maxKinds: a message names the few
// kinds a helper reads (an identity and its Secret), and a helper that
// reads many names none.
const (
	severalKinds = "*"
	maxKinds     = 4
)

// effect is what evaluating a call or a body can produce.
type effect struct {
	why, get string
	needs    []string
	conds    []FieldCond
	// kind is the kind key of the referenced objects read, severalKinds
	// when they differ, or "".
	kind string
	// tolerant reports a production that ends the function with a nil
	// error (a read whose not-found it answers with IgnoreNotFound),
	// handed one whose error reaches the function's result.
	tolerant, handed bool
	// tolWhy, tolKind and tolConds are why, kind and conds of the
	// tolerant productions, kept apart: the error a function hands on
	// says nothing of the reads whose not-found it ends with nil, so they
	// are what it produces only when it hands nothing on (see view).
	tolWhy, tolKind string
	tolConds        []FieldCond
	// via, bare and bareKind are Produces.Via, Bare and BareKind, of the
	// handed productions: the error values they leave as (sorted, never
	// changed in place: effects share it), and whether some leave as
	// themselves, of which kind.
	via      []Way
	bare     bool
	bareKind string
}

// view returns e as its callers see it: a function that answers every
// missing object with a nil error produces what its tolerated reads do
// (its callers test the absence in its result, see NilWhenGone); one that
// hands some error on produces only what it hands on.
func (e effect) view() effect {
	if e.nilWhenGone() {
		// Nothing handed on: why, kind and conds are empty.
		e.why, e.kind, e.conds = e.tolWhy, e.tolKind, e.tolConds
		e.via, e.bare, e.bareKind = nil, false, ""
	}
	return e
}

// produced returns e's own productions, without what depends on the
// caller (needs and field conditions).
func (e effect) produced() effect {
	return effect{why: e.why, get: e.get, kind: e.kind, tolerant: e.tolerant, handed: e.handed, tolWhy: e.tolWhy, tolKind: e.tolKind, via: e.via, bare: e.bare, bareKind: e.bareKind}
}

// nilWhenGone reports whether every production of e ends with a nil error.
func (e effect) nilWhenGone() bool { return e.tolerant && !e.handed }

func (e *effect) merge(o effect) bool {
	changed := false
	if o.tolerant && !e.tolerant {
		e.tolerant, changed = true, true
	}
	if o.handed && !e.handed {
		e.handed, changed = true, true
	}
	if mergeKind(&e.kind, o.kind) {
		changed = true
	}
	if mergeKind(&e.tolKind, o.tolKind) {
		changed = true
	}
	if o.why != "" && (e.why == "" || goneRank(o.why) > goneRank(e.why)) {
		e.why, changed = o.why, true
	}
	if o.tolWhy != "" && (e.tolWhy == "" || goneRank(o.tolWhy) > goneRank(e.tolWhy)) {
		e.tolWhy, changed = o.tolWhy, true
	}
	if e.get == "" && o.get != "" {
		e.get, changed = o.get, true
	}
	for _, n := range o.needs {
		if !slices.Contains(e.needs, n) {
			e.needs = append(e.needs, n)
			changed = true
		}
	}
	for _, c := range o.conds {
		if !slices.Contains(e.conds, c) {
			e.conds = append(e.conds, c)
			changed = true
		}
	}
	for _, c := range o.tolConds {
		if !slices.Contains(e.tolConds, c) {
			e.tolConds = append(e.tolConds, c)
			changed = true
		}
	}
	for _, w := range o.via {
		i, found := slices.BinarySearchFunc(e.via, w.Value, func(a Way, v string) int { return strings.Compare(a.Value, v) })
		switch {
		case !found:
			e.via = slices.Insert(slices.Clip(e.via), i, w)
			changed = true
		default:
			if k := e.via[i].Kind; mergeKind(&k, w.Kind) {
				e.via = slices.Clone(e.via)
				e.via[i].Kind = k
				changed = true
			}
		}
	}
	if o.bare && !e.bare {
		e.bare, changed = true, true
	}
	if mergeKind(&e.bareKind, o.bareKind) {
		changed = true
	}
	return changed
}

// relabel returns what a call, whose error its caller answers with the
// error value sentinel ("" when it hands the error on), produces for that
// caller: the productions it hands on leave as sentinel; otherwise each
// leaves as it left the call, as itself when the call names no value.
func (e effect) relabel(sentinel string) effect {
	if e.why == "" && len(e.conds) == 0 && len(e.needs) == 0 {
		return e // nothing handed on
	}
	switch {
	case sentinel != "":
		e.via, e.bare, e.bareKind = []Way{{Value: sentinel, Kind: e.kind}}, false, ""
	case len(e.via) == 0:
		e.bare, e.bareKind = true, e.kind
	}
	return e
}

// mergeKind merges the kinds of o into those of *k (see maxKinds) and
// reports whether *k changed.
func mergeKind(k *string, o string) bool {
	switch {
	case o == "" || *k == o || *k == severalKinds:
		return false
	case *k == "" || o == severalKinds:
		*k = o
		return true
	}
	kinds := strings.Fields(*k)
	n := len(kinds)
	for _, x := range strings.Fields(o) {
		if !slices.Contains(kinds, x) {
			kinds = append(kinds, x)
		}
	}
	switch {
	case len(kinds) == n:
		return false
	case len(kinds) > maxKinds:
		*k = severalKinds
	default:
		slices.Sort(kinds)
		*k = strings.Join(kinds, " ")
	}
	return true
}

// goneRank orders the seeds a call can reach by how well they say what
// happens when the referenced object is gone: a typed not-found error, then
// a referenced read whose not-found is an error, then the rest (an object
// that is not ready), so that messages name the error a deletion gets stuck
// on.
func goneRank(why string) int {
	switch {
	case why == ReferencedRead:
		return 2
	case strings.Contains(why, "NotFound"):
		return 3
	}
	return 1
}

func (e effect) empty() bool {
	return e.why == "" && e.get == "" && len(e.needs) == 0 && len(e.conds) == 0 && e.kind == "" && e.tolWhy == "" && e.tolKind == "" && len(e.tolConds) == 0
}

func (e effect) fact() *Produces {
	e = e.view()
	needs := slices.Clone(e.needs)
	slices.Sort(needs)
	conds := slices.Clone(e.conds)
	slices.SortFunc(conds, func(a, b FieldCond) int {
		return cmp.Or(cmp.Compare(a.Param, b.Param), strings.Compare(a.Path, b.Path), strings.Compare(a.Holds, b.Holds), strings.Compare(a.Bool, b.Bool), cmpBool(a.Keyed, b.Keyed), cmpBool(a.Arg, b.Arg), cmpBool(a.NonNil, b.NonNil), strings.Compare(a.Why, b.Why), strings.Compare(a.Kind, b.Kind))
	})
	p := &Produces{Why: e.why, Get: e.get, Needs: needs, Fields: conds, Kind: e.kind, NilWhenGone: e.nilWhenGone()}
	if !p.NilWhenGone && len(e.via) > 0 {
		p.Via, p.Bare, p.BareKind = slices.Clone(e.via), e.bare, e.bareKind
	}
	return p
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case b:
		return -1
	}
	return 1
}

func fromFact(p *Produces) effect {
	e := effect{why: p.Why, get: p.Get, needs: p.Needs, conds: p.Fields, kind: p.Kind, tolerant: p.NilWhenGone, via: p.Via, bare: p.Bare, bareKind: p.BareKind}
	e.handed = !p.NilWhenGone && (p.Why != "" || len(p.Fields) > 0 || len(p.Needs) > 0)
	return e
}

// A Site is a call that can produce a dependency-not-found error.
type Site struct {
	// Call is the call.
	Call *ast.CallExpr
	// Why names the seed the call reaches.
	Why string
	// Seed reports whether the call is itself a seed constructor (the
	// dependency-not-found error is built right there).
	Seed bool
}

// solver computes, in Run, the summaries of the package's functions and
// then the Result. Its caches are filled as it goes; it is dropped when Run
// returns.
type solver struct {
	pass    *analysis.Pass
	checker *isdeleting.Checker
	// local holds the summaries of the package's functions and methods.
	local map[*types.Func]*effect
	// classifiers holds the package's classifiers.
	classifiers map[*types.Func]bool
	// lits maps variables bound once to a function literal.
	lits map[types.Object]*ast.FuncLit
	// imported indexes the imported methods with a producing fact.
	imported *callees.Methods
	// depth bounds recursion through function literals.
	depth int
	// localMethods maps a method name to the package's methods of that
	// name that produce, sorted by key, for interface method calls.
	localMethods map[string][]keyedFunc
	// seeds caches, per function and per type name, the seed's name, or
	// "" when it is not a seed.
	seeds map[types.Object]string
	// errors is the dependency-errors setting: the seed error types and
	// constructors.
	errors *setting.Names
	// sentinels holds the calls whose error the caller answers with an
	// error value of its own (if err != nil { return errGone }), by the
	// value's key (see readScan.sentinel).
	sentinels map[*ast.CallExpr]string
	// reads holds the package's dependency reads, and tolerated the calls
	// whose not-found the caller treats as gone (see indexReads); dropped
	// holds the calls whose every error the caller's test drops (if err
	// != nil { continue }): none reaches the caller's result.
	reads, tolerated, dropped map[*ast.CallExpr]bool
	// condReads holds the reads whose not-found is handed on only when a
	// bool parameter has a value (see FieldCond.Bool).
	condReads map[*ast.CallExpr]pathGuard
	// keyedReads holds, for the reads keyed by references that parameters
	// hold, those parameters (see FieldCond.Keyed).
	keyedReads map[*ast.CallExpr][]int
	// argReads holds, for the reads keyed by values that parameters hand
	// in (a name, a key), those parameters (see FieldCond.Arg).
	argReads map[*ast.CallExpr][]int
	// scans holds, for each call of the package's function declarations,
	// the scan of the declaration it is in (see argOn).
	scans map[*ast.CallExpr]*readScan
	// funcDecls indexes the package's function declarations (declOf).
	funcDecls map[*types.Func]*ast.FuncDecl
	// values are the package's variables' values (for elements of lists).
	values *values.Index
	// track records who read what while solve runs (nil otherwise).
	track *fixpoint.Tracker[*types.Func]
	// held caches holds.
	held map[holdsKey]pathAnswer
	// keys caches keyParams.
	keys map[*types.Func][]int
	// typeKeys and packages cache typeByKey and packageByPath.
	typeKeys map[string]types.Type
	packages map[string]*types.Package
}

// keyedFunc is a function with its key, for sorting.
type keyedFunc struct {
	key string
	fn  *types.Func
}

// indexLocalMethod records a producing method of the package, keeping each
// name's list sorted by key.
func (r *solver) indexLocalMethod(fn *types.Func) {
	if r.localMethods == nil {
		r.localMethods = make(map[string][]keyedFunc)
	}
	k := keyedFunc{recognize.FuncKey(fn), fn}
	ms := r.localMethods[fn.Name()]
	i, _ := slices.BinarySearchFunc(ms, k, func(a, b keyedFunc) int { return strings.Compare(a.key, b.key) })
	r.localMethods[fn.Name()] = slices.Insert(ms, i, k)
}

// seedFunc returns the name of fn for messages when it is a seed
// constructor, or "".
func (r *solver) seedFunc(fn *types.Func) string {
	name, ok := r.seeds[fn]
	if !ok {
		if r.errors.Match(recognize.FuncKey(fn)) {
			name = display(fn)
		}
		r.seeds[fn] = name
	}
	return name
}

// seedType reports whether t (or what it points to) is a seed error type.
func (r *solver) seedType(t types.Type) (string, bool) {
	n := recognize.Named(recognize.Unpointer(t))
	if n == nil || n.Obj().Pkg() == nil {
		return "", false
	}
	tn := n.Obj()
	name, ok := r.seeds[tn]
	if !ok {
		if r.errors.Match(tn.Pkg().Path() + "." + tn.Name()) {
			name = tn.Pkg().Name() + "." + tn.Name()
		}
		r.seeds[tn] = name
	}
	return name, name != ""
}

func run(pass *analysis.Pass) (any, error) {
	r := &solver{
		pass:        pass,
		local:       make(map[*types.Func]*effect),
		classifiers: make(map[*types.Func]bool),
		lits:        make(map[types.Object]*ast.FuncLit),
		seeds:       make(map[types.Object]string),
		errors:      settings.Of(pass).DependencyErrors,
	}
	r.checker, _ = pass.ResultOf[isdeleting.Analyzer].(*isdeleting.Checker)
	insp := inspection.Of(pass)
	if insp == nil {
		return &Result{}, nil
	}
	r.values = insp.Values
	r.indexReads()
	decls := r.collect()
	r.exportKeys(decls)
	r.solveClassifiers(decls)
	guarded := r.solve(decls)
	return r.result(decls, guarded), nil
}

// indexImported records the imported methods that produce, by name, for
// interface method calls. It runs on the first such call: most packages
// have none, and the facts of every dependency are many.
func (r *solver) indexImported() {
	if r.imported != nil {
		return
	}
	// The package's own facts, once exported, are in localMethods.
	r.imported = callees.Imported(r.pass, func(f analysis.Fact) bool {
		p, ok := f.(*Produces)
		return ok && (p.Why != "" || p.Get != "")
	})
}

// decl is a function declaration of the package with its object.
type decl struct {
	fd *ast.FuncDecl
	fn *types.Func
}

// collect lists the package's function declarations and the variables
// bound once to function literals.
func (r *solver) collect() []decl {
	info := r.pass.TypesInfo
	var decls []decl
	for _, f := range inspection.Of(r.pass).Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			decls = append(decls, decl{fd, fn})
		}
	}
	vals := inspection.Of(r.pass).Values
	for _, v := range vals.Vars() {
		if lit, ok := ast.Unparen(vals.Sole(v)).(*ast.FuncLit); ok {
			r.lits[v] = lit
		}
	}
	return decls
}

// solve computes the summaries of the package's functions to a fixed
// point and exports their facts. Summaries only grow, so it terminates. It
// returns the undecided reach of the bodies that test deletion.
func (r *solver) solve(decls []decl) map[*ast.FuncDecl]*reach {
	guarded := make(map[*ast.FuncDecl]*reach)
	scopes := make([]*scope, len(decls))
	calls := make([][]*ast.CallExpr, len(decls))
	seeds := make([]effect, len(decls))
	guards := make([]map[*ast.CallExpr]pathGuard, len(decls))
	for i, d := range decls {
		scopes[i] = r.scopeOf(d.fd.Type, d.fd.Recv, d.fd.Body, nil)
		guards[i] = r.pathGuards(d.fd)
		if r.hasDeletionTest(d.fd.Body) {
			g := r.undecided(d.fd.Body)
			guarded[d.fd] = g
			calls[i] = g.calls
		} else {
			calls[i] = callsOf(r.pass.TypesInfo, d.fd.Body)
		}
		seeds[i] = r.seedLiterals(d.fd.Body, guarded[d.fd]).relabel("")
	}
	// A declaration is evaluated again only when a summary it read (or the
	// methods an interface call of it looked among) changed since: the
	// others would compute what they computed before.
	fns := make([]*types.Func, len(decls))
	index := make(map[*types.Func]int, len(decls))
	for i, d := range decls {
		fns[i] = d.fn
		index[d.fn] = i
	}
	r.track = fixpoint.NewTracker(fns)
	defer func() { r.track = nil }()
	r.track.Solve(func(fn *types.Func) bool {
		i := index[fn]
		e := r.local[fn]
		if e == nil {
			e = &effect{}
		}
		next := seeds[i]
		next.needs = slices.Clone(next.needs)
		for _, call := range calls[i] {
			next.merge(r.inBody(call, scopes[i], guards[i]))
		}
		hadWhy := e.why != "" || e.get != ""
		if !e.merge(next) {
			return false
		}
		r.local[fn] = e
		if !hadWhy && (e.why != "" || e.get != "") && recognize.Receiver(fn) != nil {
			r.indexLocalMethod(fn)
			r.track.Changed(methodsNamed(fn.Name()))
		}
		return true
	})
	for _, d := range decls {
		if e := r.local[d.fn]; e != nil && !e.empty() && recognize.Exportable(d.fn) {
			r.pass.ExportObjectFact(d.fn, e.fact())
		}
	}
	return guarded
}

// inBody returns what call, in the body of a function with scope s and
// the path guards guards, can produce for that function: nothing when the
// function drops its errors, its tolerated productions kept apart, and
// what depends on a field, a flag or the references of a parameter as
// conditions on it.
func (r *solver) inBody(call *ast.CallExpr, s *scope, guards map[*ast.CallExpr]pathGuard) effect {
	ce := r.evalCall(call, s)
	if r.dropped[call] {
		// The call's errors stop at this test: what it can
		// produce is not this function's.
		ce = effect{}
	}
	switch {
	case r.tolerated[call] && (r.reads[call] || r.argReads[call] != nil):
		// if err != nil { return nil, client.IgnoreNotFound(err) }:
		// a missing object ends the function with a nil error.
		ce.tolerant, ce.handed = true, false
	case !ce.tolerant && (ce.why != "" || len(ce.conds) > 0):
		ce.handed = true
	}
	g, ok := guards[call]
	if !ok {
		g, ok = r.condReads[call]
	}
	if ok && g.nonNil {
		// Reached only when the object passed in is not nil: so is
		// what the call produces, and what it produces through that
		// object's fields or references.
		ce.conds = slices.Clone(ce.conds)
		for i, c := range ce.conds {
			if c.Param == g.param {
				ce.conds[i].NonNil = true
			}
		}
	}
	if ok && ce.why != "" {
		// Reached only when the object passed in has a field set
		// (or a bool parameter a value, or is not nil): the
		// production is that argument's.
		ce.conds = append(slices.Clone(ce.conds), FieldCond{Param: g.param, Path: g.path, Holds: g.holds, Bool: g.bool, NonNil: g.nonNil, Why: ce.why})
		ce.why = ""
	} else if ps := r.keyedReads[call]; len(ps) > 0 && ce.why == ReferencedRead {
		// Keyed by what the objects passed in refer to: a
		// dependency where the caller passes one of its own, not
		// a peer it found in a list.
		ce.conds = slices.Clone(ce.conds)
		for _, p := range ps {
			ce.conds = append(ce.conds, FieldCond{Param: p, Keyed: true, Why: ce.why})
		}
		ce.why = ""
	}
	if ce.tolerant && !ce.handed {
		// What the call ends with nil is kept apart (see view).
		ce.tolWhy, ce.tolKind = cmp.Or(ce.tolWhy, ce.why), cmp.Or(ce.tolKind, ce.kind)
		ce.tolConds = append(slices.Clone(ce.tolConds), ce.conds...)
		ce.why, ce.kind, ce.conds = "", "", nil
		ce.via, ce.bare, ce.bareKind = nil, false, ""
		return ce
	}
	return ce.relabel(r.sentinels[call])
}

// methodsNamed is the cell of the package's producing methods of one name,
// which an interface call looks among (see anyImplementation).
type methodsNamed string

// scope describes the function whose body is being evaluated: the
// variables it receives, for needs, and whether needs can reach it.
type scope struct {
	params   map[types.Object]bool
	carrying bool
	// index maps the declared parameters of a function declaration to
	// their indexes, for FieldConds; a function literal's scope has its
	// enclosing declaration's.
	index map[types.Object]int
}

func (r *solver) scopeOf(ft *ast.FuncType, recv *ast.FieldList, body *ast.BlockStmt, outer *scope) *scope {
	s := &scope{params: make(map[types.Object]bool)}
	if outer != nil {
		for p := range outer.params {
			s.params[p] = true
		}
		s.carrying = outer.carrying
		// A literal's conditions are on the enclosing function's
		// parameters, which it captures.
		s.index = outer.index
	}
	add := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			for _, id := range f.Names {
				if obj := r.pass.TypesInfo.Defs[id]; obj != nil {
					s.params[obj] = true
					if canCarry(obj.Type(), 0) {
						s.carrying = true
					}
				}
			}
		}
	}
	add(recv)
	if ft != nil {
		add(ft.Params)
		if outer == nil {
			s.index = recognize.ParamIndexes(r.pass.TypesInfo, ft)
		}
	}
	if body != nil {
		// Variables ranging over what the function received are received
		// too: for _, ref := range refs { ref.Normalize(...) }.
		ast.Inspect(body, func(n ast.Node) bool {
			rs, ok := n.(*ast.RangeStmt)
			if !ok || !s.params[recognize.RootObject(r.pass.TypesInfo, rs.X)] {
				return true
			}
			for _, e := range []ast.Expr{rs.Key, rs.Value} {
				if id, ok := e.(*ast.Ident); ok {
					if obj := r.pass.TypesInfo.Defs[id]; obj != nil {
						s.params[obj] = true
					}
				}
			}
			return true
		})
	}
	return s
}

// canCarry reports whether a value of type t can carry a value whose
// methods the function calls: interfaces, type parameters, functions, and
// structs (or pointers to them) with such fields.
func canCarry(t types.Type, depth int) bool {
	if t == nil || depth > 2 {
		return false
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface, *types.Signature:
		return true
	case *types.Pointer:
		return canCarry(u.Elem(), depth+1)
	case *types.Struct:
		for i := range u.NumFields() {
			if canCarry(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// callsOf returns the calls in n whose results are not discarded, outside
// function literals, in source order.
func callsOf(info *types.Info, n ast.Node) []*ast.CallExpr {
	var calls []*ast.CallExpr
	discarded := make(map[*ast.CallExpr]bool)
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			// A call without results can still hand its error over, through
			// a field (common.VisitFields' walker); one whose error result
			// is dropped cannot.
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && returnsError(info, call) {
				discarded[call] = true
			}
		case *ast.AssignStmt:
			// The error, the last result, assigned to the blank identifier.
			if len(n.Rhs) == 1 && isBlank(n.Lhs[len(n.Lhs)-1]) {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					discarded[call] = true
				}
			}
		case *ast.CallExpr:
			if !discarded[n] || isFuncLitCall(n) {
				calls = append(calls, n)
			}
		}
		return true
	})
	return calls
}

// returnsError reports whether call's last result is an error.
func returnsError(info *types.Info, call *ast.CallExpr) bool {
	switch t := info.TypeOf(call).(type) {
	case nil:
		return false
	case *types.Tuple:
		return t.Len() > 0 && recognize.IsError(t.At(t.Len()-1).Type())
	default:
		return recognize.IsError(t)
	}
}

func isFuncLitCall(call *ast.CallExpr) bool {
	_, ok := ast.Unparen(call.Fun).(*ast.FuncLit)
	return ok
}

func isBlank(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "_"
}

// seedLiterals finds composite literals of seed error types in body (in
// unguarded blocks when g is set).
func (r *solver) seedLiterals(body *ast.BlockStmt, g *reach) effect {
	var e effect
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CompositeLit:
			if e.why != "" {
				return false
			}
			if g != nil && !g.contains(n) {
				return true
			}
			if t := r.pass.TypesInfo.TypeOf(n); t != nil {
				if name, ok := r.seedType(t); ok {
					e.why, e.get = name, name
				}
			}
		}
		return true
	})
	return e
}

// display names fn for messages: "pkg.Func" or "pkg.Type.Method".
func display(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if recv := recognize.Receiver(fn); recv != nil {
		if n := recognize.Named(recv); n != nil {
			return fn.Pkg().Name() + "." + n.Obj().Name() + "." + fn.Name()
		}
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// summary returns what calling fn can produce.
func (r *solver) summary(fn *types.Func) effect {
	if r.track != nil && fn.Pkg() == r.pass.Pkg {
		r.track.Read(fn)
	}
	if e, ok := r.local[fn]; ok {
		return e.view()
	}
	if fn.Pkg() == r.pass.Pkg {
		return effect{}
	}
	var p Produces
	if r.pass.ImportObjectFact(fn, &p) {
		return fromFact(&p)
	}
	return effect{}
}

// isSafe reports whether fn is the runtime's deletion-aware adapter
// construction, which never resolves dependencies while deleting.
func isSafe(fn *types.Func) bool {
	return recognize.IsFunc(fn, recognize.PkgRuntimeModule+"/deletion", "BuildAdapter")
}

// evalCall returns what call can produce, within the function described by
// s (nil outside any function: needs are then dropped).
func (r *solver) evalCall(call *ast.CallExpr, s *scope) effect {
	info := r.pass.TypesInfo
	fun := ast.Unparen(call.Fun)
	if lit, ok := fun.(*ast.FuncLit); ok {
		return r.evalLit(lit, s)
	}
	fn := recognize.Callee(info, call)
	if fn == nil {
		if fs := r.values.FuncField(fun); len(fs) > 0 {
			return r.evalFuncField(call, fs, s)
		}
		if id, ok := fun.(*ast.Ident); ok {
			obj := info.Uses[id]
			if lit := r.lits[obj]; lit != nil {
				return r.evalLit(lit, s)
			}
			if s != nil && s.params[obj] && returnsErrorType(info.TypeOf(id)) {
				return effect{needs: []string{funcNeed}}
			}
		}
		return effect{}
	}
	if isSafe(fn) {
		return effect{}
	}
	if name := r.seedFunc(fn); name != "" {
		return effect{why: name, get: name}
	}
	var e effect
	if _, ok := recognize.AsGet(info, call); ok {
		e.get = ClientGet
		if r.reads[call] {
			e.why = ReferencedRead
			if l, ok := recognize.AsLookup(info, call); ok {
				e.kind = objkind.Of(l.Type)
				if e.kind == "" {
					// Into an object the callers hand in (obj
					// client.Object, obj T): of the kind each passes.
					e.kind = paramKind(info, l.Object, s)
				}
			}
		}
	}
	if ps := r.argReads[call]; len(ps) > 0 && s != nil && s.index != nil {
		// Keyed by what the callers hand in: a dependency read where
		// that derives from a reference (see argOn).
		kind := ""
		if l, ok := recognize.AsLookup(info, call); ok {
			kind = cmp.Or(objkind.Of(l.Type), paramKind(info, l.Object, s))
		}
		for _, p := range ps {
			e.conds = append(e.conds, FieldCond{Param: p, Arg: true, Why: ReferencedRead, Kind: kind})
		}
	}
	if r.reads[call] && recognize.IsClientMethod(fn, "List") {
		// A List whose emptiness, or lack of the referenced item, is
		// returned as not-found (see emptyList, searchedList).
		e.get, e.why = ClientList, ReferencedRead
		if len(call.Args) >= 2 {
			if item := recognize.ListItemType(info.TypeOf(call.Args[1])); item != nil {
				e.kind = objkind.Of(item)
			}
		}
	}
	if recognize.IsInterfaceMethod(fn) {
		if !recognize.ReturnsError(fn) {
			return e
		}
		if sel, ok := fun.(*ast.SelectorExpr); ok && s != nil && s.params[recognize.RootObject(info, sel.X)] {
			e.merge(effect{needs: []string{fn.Name()}})
			return e
		}
		e.merge(r.atCall(call, r.anyImplementation(fn), s))
		return e
	}
	e.merge(r.atCall(call, r.summary(fn), s))
	return e
}

// evalFuncField returns what call, of a struct field of function type, can
// produce: what any function the package assigns to the field can (a
// function or method value, as a call of it; a function literal, as its
// body).
func (r *solver) evalFuncField(call *ast.CallExpr, fs []ast.Expr, s *scope) effect {
	var e effect
	for _, f := range fs {
		switch f := ast.Unparen(f).(type) {
		case *ast.FuncLit:
			e.merge(r.evalLit(f, s))
		case *ast.Ident, *ast.SelectorExpr:
			if fn, ok := r.pass.TypesInfo.Uses[recognize.NameOf(f)].(*types.Func); ok && !recognize.IsInterfaceMethod(fn) {
				e.merge(r.atCall(call, r.summary(fn.Origin()), s))
			}
		}
	}
	return e
}

// atCall returns what the call, of a function with the summary sum, can
// produce in the caller: the summary's own productions, and those that
// depend on what the call passes (a field of an argument set, a need the
// caller satisfies or hands on).
func (r *solver) atCall(call *ast.CallExpr, sum effect, s *scope) effect {
	var e effect
	if r.tolerated[call] {
		// The callee fails when a referenced object is gone, and this
		// caller treats that as gone: it goes no further.
		if sum.why == ReferencedRead {
			sum.why, sum.kind = "", ""
		}
		sum.conds = slices.DeleteFunc(slices.Clone(sum.conds), func(c FieldCond) bool { return c.Why == ReferencedRead })
	}
	sum.kind, sum.bareKind = r.argKinds(call, sum.kind, s), r.argKinds(call, sum.bareKind, s)
	e.merge(sum.produced())
	e.merge(r.fieldConds(call, sum.conds, s))
	for _, need := range sum.needs {
		got, resolved := r.satisfy(call, need, s)
		if !resolved {
			if s != nil && s.carrying && r.passesHolder(call, need) {
				e.merge(effect{needs: []string{need}})
				continue
			}
			// No caller can say which value it holds (the receiver
			// of a Reconcile holds it in a field, set where the
			// reconciler is built): any implementation can run.
			got = r.heldImplementations(call, need)
		}
		e.merge(got)
	}
	return e
}

// heldImplementations returns what need, a method name, produces through
// any implementation in scope of the interfaces with that method that
// call's arguments and receiver hold (as values of interface type, or in
// fields of structs, see mayHold).
func (r *solver) heldImplementations(call *ast.CallExpr, need string) effect {
	if need == funcNeed {
		return effect{}
	}
	info := r.pass.TypesInfo
	args := passed(info, call)
	var e effect
	for _, a := range args {
		for _, m := range heldMethods(info.TypeOf(a), need) {
			sum := r.anyImplementation(m)
			e.merge(sum.produced())
			for _, c := range sum.conds {
				// A read keyed by what an object it is handed refers
				// to: the caller's own object, as far as it can tell.
				if c.Keyed && !c.Arg && c.Path == "" && c.Holds == "" && c.Bool == "" {
					e.merge(effect{why: c.Why, kind: sum.kind})
				}
			}
		}
	}
	return e
}

// passed returns the values call passes: its arguments and, for a method
// called on a value, that value (its receiver).
func passed(info *types.Info, call *ast.CallExpr) []ast.Expr {
	args := slices.Clone(call.Args)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		args = append(args, sel.X)
	}
	return args
}

// heldMethods returns the interface methods named need that a value of
// type t may hold (see mayHold).
func heldMethods(t types.Type, need string) []*types.Func {
	var out []*types.Func
	walkHeld(t, 0, func(u types.Type) {
		if it, ok := u.(*types.Interface); ok {
			if m := methodNamed(it, need); m != nil {
				out = append(out, m)
			}
		}
	})
	return out
}

// methodNamed returns the method of it named name, or nil.
func methodNamed(it *types.Interface, name string) *types.Func {
	for i := range it.NumMethods() {
		if it.Method(i).Name() == name {
			return it.Method(i)
		}
	}
	return nil
}

func returnsErrorType(t types.Type) bool {
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	res := sig.Results()
	return res.Len() > 0 && recognize.IsError(res.At(res.Len()-1).Type())
}

// satisfy reports what the values passed to call (its arguments and its
// receiver) produce for need: a producing method of that name on a value
// of concrete type, or a producing function passed for "func"; and whether
// some value passed is one of those, whatever it produces.
func (r *solver) satisfy(call *ast.CallExpr, need string, s *scope) (e effect, resolved bool) {
	info := r.pass.TypesInfo
	args := passed(info, call)
	for _, a := range args {
		a = ast.Unparen(a)
		if need == funcNeed {
			switch x := a.(type) {
			case *ast.FuncLit:
				e.merge(r.evalLit(x, s).produced())
				resolved = true
			case *ast.Ident, *ast.SelectorExpr:
				if fn, ok := info.Uses[selIdent(x)].(*types.Func); ok {
					sum := r.summary(fn.Origin())
					e.merge(sum.produced())
					resolved = true
				} else if lit := r.lits[info.Uses[selIdent(x)]]; lit != nil {
					e.merge(r.evalLit(lit, s).produced())
					resolved = true
				}
			}
			continue
		}
		t := info.TypeOf(a)
		if t == nil || types.IsInterface(t) {
			continue
		}
		if _, ok := types.Unalias(t).(*types.TypeParam); ok {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, r.pass.Pkg, need)
		if m, ok := obj.(*types.Func); ok {
			sum := r.summary(m.Origin())
			e.merge(sum.produced())
			e.merge(r.visited(args, a, sum.conds, s))
			resolved = true
		}
	}
	return e, resolved
}

// visited returns what a visitor (the argument visitor of a call with
// arguments args) produces through conds, conditions on the values its
// method is given: a walker hands its visitor the values it finds in the
// other arguments, so a condition holds when one of them can hold such a
// value.
func (r *solver) visited(args []ast.Expr, visitor ast.Expr, conds []FieldCond, s *scope) effect {
	var e effect
	for _, c := range conds {
		if c.Holds == "" {
			e.merge(effect{why: c.Why})
			continue
		}
		others := 0
		for _, o := range args {
			if ast.Unparen(o) == visitor || isContext(r.pass.TypesInfo.TypeOf(o)) {
				continue
			}
			others++
			e.merge(r.condOn(nil, o, c, s))
		}
		if others == 0 {
			e.merge(effect{why: c.Why})
		}
	}
	return e
}

// passesHolder reports whether call passes on a value that may hold what
// need asks for, so that the need becomes the caller's: a function value
// that is not a literal or a declared function for "func"; for a method, a
// value of interface or type-parameter type with that method, or a struct
// with such a field (a walker holding the visitor).
func (r *solver) passesHolder(call *ast.CallExpr, need string) bool {
	info := r.pass.TypesInfo
	args := passed(info, call)
	for _, a := range args {
		a = ast.Unparen(a)
		if need == funcNeed {
			if _, ok := a.(*ast.FuncLit); ok {
				continue
			}
			if _, ok := info.Uses[selIdent(a)].(*types.Func); ok {
				continue
			}
		}
		if mayHold(info.TypeOf(a), need) {
			return true
		}
	}
	return false
}

// mayHold reports whether a value of type t may hold something that need
// asks for: a function for "func", a value of an interface with a method of
// that name; itself, or as what it points to, its elements or its fields.
func mayHold(t types.Type, need string) bool {
	found := false
	walkHeld(t, 0, func(u types.Type) {
		switch u := u.(type) {
		case *types.Signature:
			found = found || need == funcNeed
		case *types.Interface:
			found = found || need != funcNeed && methodNamed(u, need) != nil
		}
	})
	return found
}

// walkHeld calls visit with the underlying type of each function and
// interface type a value of type t may hold, down to two levels of
// pointers, slices and struct fields (a type parameter by its constraint).
func walkHeld(t types.Type, depth int, visit func(types.Type)) {
	if t == nil || depth > 2 {
		return
	}
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		t = tp.Constraint()
	}
	switch u := t.Underlying().(type) {
	case *types.Signature, *types.Interface:
		visit(u)
	case *types.Pointer:
		walkHeld(u.Elem(), depth+1, visit)
	case *types.Slice:
		walkHeld(u.Elem(), depth+1, visit)
	case *types.Struct:
		for i := range u.NumFields() {
			walkHeld(u.Field(i).Type(), depth+1, visit)
		}
	}
}

func selIdent(e ast.Expr) *ast.Ident {
	switch x := e.(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// evalLit returns what calling a function literal can produce.
func (r *solver) evalLit(lit *ast.FuncLit, outer *scope) effect {
	if r.depth > 8 {
		return effect{}
	}
	r.depth++
	defer func() { r.depth-- }()
	s := r.scopeOf(lit.Type, nil, lit.Body, outer)
	var calls []*ast.CallExpr
	var g *reach
	if r.hasDeletionTest(lit.Body) {
		g = r.undecided(lit.Body)
		calls = g.calls
	} else {
		calls = callsOf(r.pass.TypesInfo, lit.Body)
	}
	var e effect
	for _, call := range calls {
		// As in the enclosing function's body: its reads keyed by that
		// function's parameters, tolerated or dropped, are its own.
		e.merge(r.inBody(call, s, nil))
	}
	e.merge(r.seedLiterals(lit.Body, g))
	return e
}

// anyImplementation returns what the interface method fn produces through
// any known implementation: a method of the same name, imported with a
// fact or declared in this package, whose receiver type implements fn's
// interface.
func (r *solver) anyImplementation(fn *types.Func) effect {
	iface := interfaceOf(fn)
	if iface == nil {
		return effect{}
	}
	if r.track != nil {
		r.track.Read(methodsNamed(fn.Name()))
	}
	r.indexImported()
	cands := make([]*types.Func, 0, len(r.localMethods[fn.Name()])+len(r.imported.Named(fn.Name())))
	for _, k := range r.localMethods[fn.Name()] {
		cands = append(cands, k.fn)
	}
	cands = append(cands, r.imported.Named(fn.Name())...)
	var e effect
	for _, m := range cands {
		recv := recognize.Receiver(m)
		if recv == nil || types.IsInterface(recv) {
			continue
		}
		if recognize.Implements(recv, iface) {
			// Every implementation's productions, those that depend on
			// the arguments included: the call maps them (atCall).
			e.merge(r.summary(m))
		}
	}
	return e
}

// interfaceOf returns the interface that declares the abstract method fn.
func interfaceOf(fn *types.Func) *types.Interface {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	t := recognize.Unpointer(sig.Recv().Type())
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		t = tp.Constraint()
	}
	iface, _ := t.Underlying().(*types.Interface)
	return iface
}
