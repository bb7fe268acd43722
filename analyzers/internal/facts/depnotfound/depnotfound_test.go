package depnotfound_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/depnotfound"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
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
	dir := gopathtest.TestData(t)
	analysistest.Run(t, dir, depnotfound.Analyzer, "depnotfound/facts")
	analysistest.Run(t, dir, depnotfound.Analyzer, "depnotfound/reads")
	analysistest.Run(t, dir, depnotfound.Analyzer, "depnotfound/named")
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

// racer asks every query of depnotfound's result from several goroutines
// at once, as rules sharing the result do when a driver runs them in
// parallel on one package. Run under -race (make race-test does).
var racer = &analysis.Analyzer{
	Name:     "racer",
	Doc:      "query a depnotfound result concurrently",
	Requires: []*analysis.Analyzer{depnotfound.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := pass.ResultOf[depnotfound.Analyzer].(*depnotfound.Result)
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for _, f := range pass.Files {
					ast.Inspect(f, func(n ast.Node) bool {
						switch n := n.(type) {
						case *ast.CallExpr:
							r.CanProduce(n)
							r.CanProduceStrict(n)
							r.IsClassifier(n)
							r.Trace(n)
						case *ast.FuncDecl:
							if fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func); ok {
								r.FuncProduces(fn)
							}
						case *ast.IfStmt:
							r.TestsDeletion(n.Cond)
						case *ast.BlockStmt:
							r.Unguarded(n, true)
							r.UndecidedReach(n)
						}
						return true
					})
				}
			})
		}
		wg.Wait()
		return nil, nil
	},
}

// ignore is an analysistest.Testing that drops the expectations' errors:
// racer reports nothing, and the facts are checked by TestDepNotFound.
type ignore struct{}

func (ignore) Errorf(string, ...any) {}

func TestConcurrentQueries(t *testing.T) {
	dir := gopathtest.TestData(t)
	for _, pkg := range []string{"depnotfound/facts", "depnotfound/reads", "depnotfound/use"} {
		if res := analysistest.Run(ignore{}, dir, racer, pkg); len(res) == 0 {
			t.Fatalf("%s: not analysed", pkg)
		}
	}
}
