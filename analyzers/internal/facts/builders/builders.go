// Package builders finds a package's controller builder chains
// (ctrl.NewControllerManagedBy(mgr).For(...).Owns(...).Complete(r), see
// recognize.Chains) once, for all the rules that look at them, following the
// builder into helpers of other packages through facts.
package builders

import (
	"go/ast"
	"go/types"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Analyzer's result is the package's chains, a []*recognize.Chain that the
// rules must not modify: nil for a package out of scope (see
// recognize.InScope) or that imports no builder.
var Analyzer = &analysis.Analyzer{
	Name:       "builders",
	Doc:        "finds the controller builder chains of a package, for the deletionlint rules",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspection.Analyzer},
	ResultType: reflect.TypeFor[[]*recognize.Chain](),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(WatchesFact)},
}

// WatchesFact is exported on a function that adds watches to a builder
// parameter (func addWatches(b *builder.Builder) { b.Owns(&T{}) }): per
// parameter index, the kinds it watches on every path (a watch under a
// condition counts), or Unknown when the builder reaches code no fact
// describes.
type WatchesFact struct {
	// Params are sorted by Index: a slice, not a map, so that the fact's
	// encoding is deterministic (build caches and nogo rely on it).
	Params []ParamWatches
}

// ParamWatches are the watches a function adds to one builder parameter.
type ParamWatches struct {
	Index   int // the parameter's index
	Kinds   []string
	Unknown bool
}

// param returns the watches of parameter index.
func (f *WatchesFact) param(index int) (ParamWatches, bool) {
	for _, p := range f.Params {
		if p.Index == index {
			return p, true
		}
	}
	return ParamWatches{}, false
}

// AFact marks WatchesFact as a fact.
func (*WatchesFact) AFact() {}

func (f *WatchesFact) String() string { return "watches" }

func run(pass *analysis.Pass) (any, error) {
	if inspection.Of(pass) == nil || !recognize.ImportsBuilder(pass.Pkg) {
		return []*recognize.Chain(nil), nil
	}
	known := func(fn *types.Func, index int) bool {
		var f WatchesFact
		if !pass.ImportObjectFact(fn, &f) {
			return false
		}
		_, ok := f.param(index)
		return ok
	}
	chains, helpers := recognize.ChainsWith(pass.TypesInfo, inspection.Of(pass).Values, pass.Files, known)
	for _, c := range chains {
		resolve(pass, c)
	}
	fns := make([]*types.Func, 0, len(helpers))
	for fn := range helpers {
		fns = append(fns, fn)
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		f := &WatchesFact{}
		for i, c := range helpers[fn] {
			resolve(pass, c)
			watched, ok := WatchedKinds(pass.TypesInfo, c)
			pw := ParamWatches{Index: i, Unknown: !ok || c.Escaped}
			for k := range watched {
				pw.Kinds = append(pw.Kinds, k)
			}
			sort.Strings(pw.Kinds)
			f.Params = append(f.Params, pw)
		}
		sort.Slice(f.Params, func(i, j int) bool { return f.Params[i].Index < f.Params[j].Index })
		pass.ExportObjectFact(fn, f)
	}
	return chains, nil
}

// resolve fills c's ExternalKinds from the facts of its External functions,
// and marks it Escaped when one of them adds a watch it cannot name.
func resolve(pass *analysis.Pass, c *recognize.Chain) {
	kinds := make(map[string]bool)
	for _, ext := range c.External {
		var f WatchesFact
		pw, ok := ParamWatches{}, pass.ImportObjectFact(ext.Fn, &f)
		if ok {
			pw, ok = f.param(ext.Index)
		}
		if !ok || pw.Unknown {
			c.Escaped = true
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

// Of returns the chains of pass's package; pass's analyzer must require
// Analyzer.
func Of(pass *analysis.Pass) []*recognize.Chain {
	chains, _ := pass.ResultOf[Analyzer].([]*recognize.Chain)
	return chains
}

// WatchedKinds returns the kinds the chain watches, in its own calls and in
// the helpers of other packages it is passed to (ExternalKinds), and false
// when it watches something it cannot name (an unstructured or
// metadata-only object whose kind is set at run time, a source of no known
// kind).
func WatchedKinds(info *types.Info, chain *recognize.Chain) (map[string]bool, bool) {
	watched := make(map[string]bool)
	for _, call := range chain.Calls {
		m, _, _ := recognize.BuilderCall(info, call)
		switch m {
		case "For", "Owns", "Watches", "WatchesMetadata":
			t := recognize.ObjectArg(info, call)
			k := children.Kind(t)
			if k == "" || recognize.IsNamedOrPointer(t, recognize.PkgMetaV1, "PartialObjectMetadata") {
				return nil, false
			}
			if !isSource(k) {
				watched[k] = true
				continue
			}
			// controller-runtime before v0.15: Watches(&source.Kind{Type: &T{}}, h).
			if !kindsIn(info, call.Args[0], watched) {
				return nil, false
			}
		case "WatchesRawSource":
			if len(call.Args) == 0 || !kindsIn(info, call.Args[0], watched) {
				return nil, false
			}
		}
	}
	for _, k := range chain.ExternalKinds {
		watched[k] = true
	}
	return watched, true
}

// isSource reports whether kind is a type of controller-runtime's packages
// (a source), rather than a Kubernetes object. Types elsewhere in its module
// (the API of its examples) are objects.
func isSource(kind string) bool {
	path, _ := children.SplitKind(kind)
	return recognize.PathUnder(path, recognize.PkgControllerRuntime+"/pkg")
}

// kindsIn adds to watched the object kinds of the composite literals in e
// (source.Kind(cache, &T{}, h), &source.Kind{Type: &T{}}), and reports
// whether it found any.
func kindsIn(info *types.Info, e ast.Expr, watched map[string]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if lit, ok := n.(*ast.CompositeLit); ok {
			if k := children.Kind(info.TypeOf(lit)); k != "" && !isSource(k) {
				watched[k] = true
				found = true
			}
		}
		return true
	})
	return found
}
