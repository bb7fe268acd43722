// Package builders finds a package's controller builder chains
// (ctrl.NewControllerManagedBy(mgr).For(...).Owns(...).Complete(r), see
// recognize.Chains) once, for all the rules that look at them.
package builders

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Analyzer's result is the package's chains, a []*recognize.Chain that the
// rules must not modify: nil for a package out of scope (see
// recognize.InScope) or that imports no builder.
var Analyzer = &analysis.Analyzer{
	Name:       "builders",
	Doc:        "finds the controller builder chains of a package, for the deletionlint rules",
	Run:        run,
	ResultType: reflect.TypeFor[[]*recognize.Chain](),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

func run(pass *analysis.Pass) (any, error) {
	if !recognize.InScope(pass) || !recognize.ImportsBuilder(pass.Pkg) {
		return []*recognize.Chain(nil), nil
	}
	return recognize.Chains(pass.TypesInfo, pass.Files), nil
}

// Of returns the chains of pass's package; pass's analyzer must require
// Analyzer.
func Of(pass *analysis.Pass) []*recognize.Chain {
	chains, _ := pass.ResultOf[Analyzer].([]*recognize.Chain)
	return chains
}
