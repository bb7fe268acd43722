package depnotfound_test

import (
	"fmt"
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/depnotfound"
)

// probe reports, at every call, what depnotfound answers for it.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report dependency-not-found producers and classifiers",
	Requires: []*analysis.Analyzer{depnotfound.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := pass.ResultOf[depnotfound.Analyzer].(*depnotfound.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if why, ok := r.CanProduce(call); ok {
					pass.Reportf(call.Pos(), "produces %s", why)
				} else if why, ok := r.CanProduceStrict(call); ok {
					pass.Reportf(call.Pos(), "strict %s", why)
				}
				if r.IsClassifier(call) {
					pass.Reportf(call.Pos(), "classifier")
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestDepNotFound(t *testing.T) {
	dir := analysistest.TestData()
	analysistest.Run(t, dir, depnotfound.Analyzer, "depnotfound/facts")
	analysistest.Run(t, dir, depnotfound.Analyzer, "depnotfound/reads")
	analysistest.Run(t, dir, probe, "depnotfound/use")
}

func TestNilResult(t *testing.T) {
	var r *depnotfound.Result
	if _, ok := r.CanProduce(&ast.CallExpr{}); ok {
		t.Error("nil result produces")
	}
	if r.IsClassifier(&ast.CallExpr{}) || r.Unguarded(&ast.BlockStmt{}, true) != nil {
		t.Error("nil result answers")
	}
}

func ExampleProduces() {
	fmt.Println(&depnotfound.Produces{Why: "k8s.NewReferenceNotFoundError", Needs: []string{"Normalize"}})
	// Output: depNotFound(why="k8s.NewReferenceNotFoundError", get="", needs=[Normalize])
}
