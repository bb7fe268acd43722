package manifests_test

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/manifests"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// probe reports, where each local variable is defined, the kinds of the
// manifests it holds.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report the kinds of the manifests variables hold",
	Requires: []*analysis.Analyzer{manifests.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := manifests.Of(pass)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, ok := pass.TypesInfo.Defs[id].(*types.Var); ok && id.Name != "_" {
						if ks := r.Kinds(v); len(ks) > 0 {
							pass.Reportf(id.Pos(), "%s: %s", id.Name, strings.Join(ks, " "))
						}
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestFacts checks the facts of a package that embeds manifests: its
// embedding variables', and those of its functions whose results hold
// manifests (of a parameter's data, of the file a parameter names, of a
// variable).
func TestFacts(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), manifests.Analyzer, "manifests/store")
}

// TestKinds checks the kinds of the variables of another package that
// decode what those functions return.
func TestKinds(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), probe, "manifests/use")
}
