// Package inspection builds a package's AST inspector for the deletionlint
// analyses, like golang.org/x/tools/go/analysis/passes/inspect, but only for
// packages in scope (recognize.InScope). The analyses that produce facts run
// on every dependency of the analysed packages, under go vet and
// golangci-lint; with this analyzer instead of inspect, the dependencies out
// of scope (the standard library, Kubernetes libraries, everything that does
// not use Kubernetes) cost no traversal at all.
package inspection

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Analyzer's result is an *inspector.Inspector of the package's files, nil
// for a package out of scope.
var Analyzer = &analysis.Analyzer{
	Name:             "inspection",
	Doc:              "builds an AST inspector for the packages the deletionlint rules look at",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*inspector.Inspector](),
}

func run(pass *analysis.Pass) (any, error) {
	if !recognize.InScope(pass) {
		return (*inspector.Inspector)(nil), nil
	}
	return inspector.New(pass.Files), nil
}

// Of returns the inspector of pass's package, nil when it is out of scope;
// pass's analyzer must require Analyzer.
func Of(pass *analysis.Pass) *inspector.Inspector {
	insp, _ := pass.ResultOf[Analyzer].(*inspector.Inspector)
	return insp
}
