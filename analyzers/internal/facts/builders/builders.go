// Package builders finds a package's controller builder chains
// (ctrl.NewControllerManagedBy(mgr).For(...).Owns(...).Complete(r), see
// Chains) once, for all the rules that look at them, following the
// builder into helpers of other packages through facts. It also holds the
// recognition of controller-runtime's builders and controllers that the
// chains are made of (chains.go, controller.go), which only this analysis
// and the rules reading its chains need.
package builders

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Analyzer's result is a *Result, whose chains the rules must not modify:
// empty for a package out of scope (see recognize.InScope) or that imports
// no builder.
var Analyzer = &analysis.Analyzer{
	Name:       "builders",
	Doc:        "finds the controller builder chains of a package, for the deletionlint rules",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspection.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(watchesFact), new(packageWatchesFact), new(objectWatchFact), new(sourceFact)},
}

// watchesFact is exported on a function that adds watches to a builder
// parameter (func addWatches(b *builder.Builder) { b.Owns(&T{}) }): per
// parameter index, the kinds it watches on every path (a watch under a
// condition counts), or Unknown when the builder reaches code no fact
// describes.
type watchesFact struct {
	// Params are sorted by Index: a slice, not a map, so that the fact's
	// encoding is deterministic (build caches and nogo rely on it).
	Params []ParamWatches
}

// ParamWatches are the watches a function adds to one builder parameter.
type ParamWatches struct {
	Index   int // the parameter's index
	Kinds   []string
	Unknown bool
	// Opaque: the builder may reach code no analysis sees (see
	// Chain.Opaque).
	Opaque bool
}

// packageWatchesFact is exported on a package that calls builder methods: the
// kinds any of its builder calls watches (For, Owns, Watches...), whatever
// builder it is called on, and whether one of them watches a kind it cannot
// name. A builder that escapes into the code of a package and its
// dependencies can only be given the watches their facts list.
type packageWatchesFact struct {
	Kinds   []string // sorted
	Unknown bool
}

// AFact marks packageWatchesFact as a fact.
func (*packageWatchesFact) AFact() {}

func (f *packageWatchesFact) String() string { return "packageWatches" }

// Result is the analysis of a package's builders, complete when Run
// returns: immutable, and safe for concurrent use.
type Result struct {
	// Chains are the package's controller builder chains.
	Chains []*Chain
	// anywhere are the kinds any builder call of the package or of its
	// dependencies watches; anywhereKnown is false when one of them
	// watches a kind it cannot name.
	anywhere      map[string]bool
	anywhereKnown bool
	// watched are the kinds each of Chains watches (see WatchedKinds).
	watched map[*Chain]watches
}

// watches are the kinds a chain watches, and whether they are all known.
type watches struct {
	kinds map[string]bool
	known bool
}

// param returns the watches of parameter index.
func (f *watchesFact) param(index int) (ParamWatches, bool) {
	for _, p := range f.Params {
		if p.Index == index {
			return p, true
		}
	}
	return ParamWatches{}, false
}

// AFact marks watchesFact as a fact.
func (*watchesFact) AFact() {}

func (f *watchesFact) String() string { return "watches" }

func run(pass *analysis.Pass) (any, error) {
	res := &Result{}
	if inspection.Of(pass) == nil {
		return res, nil
	}
	var src *sources
	if ImportsControllerAPI(pass.Pkg) || imports(pass.Pkg, recognize.PkgSource) {
		// Sources are made where controllers are, and in watch utilities.
		src = newSources(pass)
	}
	if !ImportsControllerAPI(pass.Pkg) {
		return res, nil
	}
	im := &imported{pass: pass}
	known := func(fn *types.Func, index int) bool {
		_, ok := im.paramWatches(fn, index)
		return ok
	}
	chains, helpers := Chains(pass.TypesInfo, inspection.Of(pass).Values, inspection.Of(pass).Files, known)
	for _, c := range chains {
		im.resolve(c)
	}
	res.Chains = chains
	res.watched = make(map[*Chain]watches, len(chains))
	for _, c := range chains {
		kinds, known := src.watchedKinds(c)
		res.watched[c] = watches{kinds, known}
	}
	fns := make([]*types.Func, 0, len(helpers))
	for fn := range helpers {
		fns = append(fns, fn)
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		f := &watchesFact{}
		for i, c := range helpers[fn] {
			im.resolve(c)
			watched, ok := src.watchedKinds(c)
			pw := ParamWatches{Index: i, Unknown: !ok || c.Escaped, Opaque: c.Opaque}
			for k := range watched {
				pw.Kinds = append(pw.Kinds, k)
			}
			sort.Strings(pw.Kinds)
			f.Params = append(f.Params, pw)
		}
		sort.Slice(f.Params, func(i, j int) bool { return f.Params[i].Index < f.Params[j].Index })
		pass.ExportObjectFact(fn, f)
	}
	res.anywhere, res.anywhereKnown = packageWatches(pass, chains, src)
	return res, nil
}

// objectWatchFact is exported on a function that adds to a builder a
// watch of the object passed in one of its parameters (func (w *Watcher)
// Watch(obj client.Object, ...) { w.builder.Watches(obj, ...) }): its
// callers name the kinds.
type objectWatchFact struct {
	Params []int // sorted
}

// AFact marks objectWatchFact as a fact.
func (*objectWatchFact) AFact() {}

func (f *objectWatchFact) String() string { return fmt.Sprintf("watchesObjectParams%v", f.Params) }

// packageWatches exports the package's packageWatchesFact and returns the
// kinds watched anywhere in the package and its dependencies. The builder
// calls of the package's own controllers (chains) are theirs and do not
// count; the others act on builders handed in (helpers, watch utilities
// that keep a builder in a field).
func packageWatches(pass *analysis.Pass, chains []*Chain, src *sources) (map[string]bool, bool) {
	ws := &watchScan{pass: pass, src: src, own: make(map[*ast.CallExpr]bool), local: make(map[*types.Func][]int)}
	for _, c := range chains {
		for _, call := range c.Calls {
			ws.own[call] = true
		}
	}
	var decls []*ast.FuncDecl
	for _, f := range inspection.Of(pass).Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	// A function's watches of its own parameters make it an ObjectWatch
	// function, whose callers in the package may be ObjectWatch functions
	// in turn: to a fixed point, then count the kinds.
	scratch, scratchUnknown := make(map[string]bool), false
	fixpoint.Solve(decls, func(fd *ast.FuncDecl) bool { return ws.watches(fd, scratch, &scratchUnknown) })
	kinds := make(map[string]bool)
	unknown := false
	for _, fd := range decls {
		ws.watches(fd, kinds, &unknown)
	}
	for fn, ps := range ws.local {
		if recognize.Exportable(fn) {
			pass.ExportObjectFact(fn, &objectWatchFact{Params: ps})
		}
	}
	f := &packageWatchesFact{Unknown: unknown}
	for k := range kinds {
		f.Kinds = append(f.Kinds, k)
	}
	sort.Strings(f.Kinds)
	pass.ExportPackageFact(f)
	known := !unknown
	for _, pf := range pass.AllPackageFacts() {
		if pw, ok := pf.Fact.(*packageWatchesFact); ok && pf.Package != pass.Pkg {
			known = known && !pw.Unknown
			for _, k := range pw.Kinds {
				kinds[k] = true
			}
		}
	}
	return kinds, known
}

// watchScan is the state of packageWatches.
type watchScan struct {
	pass  *analysis.Pass
	src   *sources
	own   map[*ast.CallExpr]bool // the builder calls of the package's own chains
	local map[*types.Func][]int  // ObjectWatch params of the package's functions
}

// watches adds to kinds what fd watches, sets unknown when one is not
// known, and reports whether it found fd to be an ObjectWatch function of
// more parameters than before.
func (ws *watchScan) watches(fd *ast.FuncDecl, kinds map[string]bool, unknown *bool) (changed bool) {
	info := ws.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	params := recognize.ParamIndexes(info, fd.Type)
	// watched adds the kind of the object arg; a parameter of no kind
	// makes fn an ObjectWatch function.
	watched := func(arg ast.Expr) {
		if isParamObject(info, params, arg) && fn != nil {
			i := params[info.Uses[ast.Unparen(arg).(*ast.Ident)]]
			if !slices.Contains(ws.local[fn], i) {
				ws.local[fn] = append(ws.local[fn], i)
				slices.Sort(ws.local[fn])
				changed = true
			}
			return
		}
		if k := objkind.Of(info.TypeOf(arg)); k != "" && !isSource(k) {
			kinds[k] = true
		} else {
			*unknown = true
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || ws.own[call] {
			return true
		}
		if m, _, ok := BuilderCall(info, call); ok {
			if obj := objectParam(m, call); obj != nil && isParamObject(info, params, obj) {
				watched(obj)
			} else if !ws.src.callKinds(call, kinds) {
				*unknown = true
			}
			return true
		}
		for _, i := range ws.objectWatch(recognize.Callee(info, call)) {
			if i < len(call.Args) {
				watched(call.Args[i])
			}
		}
		return true
	})
	return changed
}

// objectWatch returns the parameters whose objects fn, an ObjectWatch
// function of the package or with a fact, watches.
func (ws *watchScan) objectWatch(fn *types.Func) []int {
	if fn == nil {
		return nil
	}
	if fn.Pkg() == ws.pass.Pkg {
		return ws.local[fn]
	}
	var f objectWatchFact
	if ws.pass.ImportObjectFact(fn, &f) {
		return f.Params
	}
	return nil
}

// objectParam returns the object argument of a builder method that watches
// an object, or nil.
func objectParam(method string, call *ast.CallExpr) ast.Expr {
	switch method {
	case "For", "Owns", "Watches", "WatchesMetadata":
		if len(call.Args) > 0 {
			return call.Args[0]
		}
	}
	return nil
}

// isParamObject reports whether e is a parameter (in params) whose type
// names no kind (client.Object): its callers name the kind.
func isParamObject(info *types.Info, params map[types.Object]int, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, ok = params[info.Uses[id]]
	return ok && objkind.Of(info.TypeOf(id)) == ""
}

// imported reads the watches that functions of other packages add to
// their builder parameters, from their facts.
type imported struct {
	pass *analysis.Pass
	// impls indexes the functions of other packages that have a
	// watchesFact, for interface methods; built on first use.
	impls *callees.Methods
}

// paramWatches returns the watches fn, a function of another package,
// adds to its builder parameter index, from its fact; for an interface
// method, those of every implementation with a fact (none known: not
// found), an unknown or opaque one making the whole unknown or opaque.
func (im *imported) paramWatches(fn *types.Func, index int) (ParamWatches, bool) {
	if !recognize.IsInterfaceMethod(fn) {
		var f watchesFact
		if !im.pass.ImportObjectFact(fn, &f) {
			return ParamWatches{}, false
		}
		return f.param(index)
	}
	if im.impls == nil {
		im.impls = callees.Imported(im.pass, func(f analysis.Fact) bool { _, ok := f.(*watchesFact); return ok })
	}
	out := ParamWatches{Index: index}
	found := false
	for _, impl := range im.impls.Implementing(fn) {
		var f watchesFact
		if !im.pass.ImportObjectFact(impl, &f) {
			continue
		}
		pw, ok := f.param(index)
		if !ok {
			continue
		}
		found = true
		out.Unknown = out.Unknown || pw.Unknown
		out.Opaque = out.Opaque || pw.Opaque
		for _, k := range pw.Kinds {
			if !slices.Contains(out.Kinds, k) {
				out.Kinds = append(out.Kinds, k)
			}
		}
	}
	sort.Strings(out.Kinds)
	return out, found
}

// resolve fills c's ExternalKinds from the facts of its External functions,
// and marks it Escaped when one of them adds a watch it cannot name.
func (im *imported) resolve(c *Chain) {
	kinds := make(map[string]bool)
	for _, ext := range c.External {
		pw, ok := im.paramWatches(ext.Fn, ext.Index)
		if !ok || pw.Unknown {
			c.Escaped = true
		}
		if !ok || pw.Opaque {
			c.Opaque = true
		}
		for _, k := range pw.Kinds {
			kinds[k] = true
		}
	}
	for k := range kinds {
		c.ExternalKinds = append(c.ExternalKinds, k)
	}
	sort.Strings(c.ExternalKinds)
}

// imports reports whether pkg imports path directly.
func imports(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if recognize.PathIs(imp.Path(), path) {
			return true
		}
	}
	return false
}

// Of returns the chains of pass's package; pass's analyzer must require
// Analyzer.
func Of(pass *analysis.Pass) []*Chain {
	if res, _ := pass.ResultOf[Analyzer].(*Result); res != nil {
		return res.Chains
	}
	return nil
}

// WatchedAnywhere returns the kinds any builder call of pass's package or
// of its dependencies watches, and false when one of them watches a kind it
// cannot name: what an Escaped chain that is not Opaque may watch.
func WatchedAnywhere(pass *analysis.Pass) (map[string]bool, bool) {
	res, _ := pass.ResultOf[Analyzer].(*Result)
	if res == nil || res.anywhere == nil {
		return nil, false
	}
	return res.anywhere, res.anywhereKnown
}

// WatchedKinds returns the kinds the chain, one of pass's, watches, in its
// own calls and in the helpers of other packages it is passed to
// (ExternalKinds), as a new map, and false when it watches something it
// cannot name (an unstructured or metadata-only object whose kind is set at
// run time, a source of no known kind).
func WatchedKinds(pass *analysis.Pass, chain *Chain) (map[string]bool, bool) {
	res, _ := pass.ResultOf[Analyzer].(*Result)
	if res == nil {
		return nil, false
	}
	w, ok := res.watched[chain]
	if !ok {
		return nil, false
	}
	return maps.Clone(w.kinds), w.known
}

func (s *sources) watchedKinds(chain *Chain) (map[string]bool, bool) {
	watched := make(map[string]bool)
	for _, call := range chain.Calls {
		if !s.callKinds(call, watched) {
			return nil, false
		}
	}
	for _, call := range chain.KeptWatches { // c.Watch(source.Kind(cache, &T{}, h))
		if len(call.Args) == 0 || !s.sourceKinds(call.Args[0], watched) {
			return nil, false
		}
	}
	for _, k := range chain.ExternalKinds {
		watched[k] = true
	}
	return watched, true
}

// callKinds adds to watched the kinds the builder call watches (For, Owns,
// Watches, WatchesMetadata, WatchesRawSource; other methods watch nothing),
// and reports false when it watches something it cannot name.
func (s *sources) callKinds(call *ast.CallExpr, watched map[string]bool) bool {
	info := s.pass.TypesInfo
	m, _, _ := BuilderCall(info, call)
	switch m {
	case "For", "Owns", "Watches", "WatchesMetadata":
		t := ObjectArg(info, call)
		k := objkind.Of(t)
		if k == "" || recognize.IsNamedOrPointer(t, recognize.PkgMetaV1, "PartialObjectMetadata") {
			return false
		}
		if !isSource(k) {
			watched[k] = true
			return true
		}
		// controller-runtime before v0.15: Watches(&source.Kind{Type: &T{}}, h).
		return s.sourceKinds(call.Args[0], watched)
	case "WatchesRawSource":
		return len(call.Args) > 0 && s.sourceKinds(call.Args[0], watched)
	}
	return true
}

// isSource reports whether kind is a type of controller-runtime's packages
// (a source), rather than a Kubernetes object. Types elsewhere in its module
// (the API of its examples) are objects.
func isSource(kind string) bool {
	path, _ := objkind.Split(kind)
	return recognize.PathUnder(path, recognize.PkgControllerRuntime+"/pkg")
}

// sourceKinds adds to watched the kinds the source expression e watches,
// named by the facts of the function that returns it or else by its
// literals (a project's wrapper of source.Kind given &T{}), and reports
// whether they are known.
func (s *sources) sourceKinds(e ast.Expr, watched map[string]bool) bool {
	if s.kinds(e, watched, 0) {
		return true
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		key := recognize.CallKey(s.pass.TypesInfo, call)
		if recognize.KeyIs(key, recognize.PkgSource, "Kind") || recognize.KeyIs(key, recognize.PkgSource, "TypedKind") {
			return false // its object is of a kind kinds cannot name
		}
	}
	return kindsIn(s.pass.TypesInfo, e, watched)
}

// kindsIn adds to watched the object kinds of the composite literals in e
// (&source.Kind{Type: &T{}}, a source made by a helper given &T{}), and
// reports whether it found any. Function literals are not looked into: a
// handler's mapping function builds requests, not watches.
func kindsIn(info *types.Info, e ast.Expr, watched map[string]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if lit, ok := n.(*ast.CompositeLit); ok {
			if k := objkind.Of(info.TypeOf(lit)); k != "" && !isSource(k) {
				watched[k] = true
				found = true
			}
		}
		return true
	})
	return found
}
