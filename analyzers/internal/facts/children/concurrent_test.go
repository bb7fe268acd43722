package children_test

import (
	"go/ast"
	"go/types"
	"slices"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
)

// racer asks the children result's KindsOf of every expression of every
// function from several goroutines at once, as rules sharing the result do
// when a driver runs them in parallel on one package (a field's kinds are
// memoized by the first query that works them out). Run under -race (make
// race-test does). It reports the kinds it finds of each range statement's
// operand, so the test can check that the queries answered.
var racer = &analysis.Analyzer{
	Name:     "racer",
	Doc:      "query a children result concurrently",
	Requires: []*analysis.Analyzer{children.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := pass.ResultOf[children.Analyzer].(*children.Result)
		var mu sync.Mutex
		ranged := make(map[*ast.RangeStmt][]string)
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for _, f := range pass.Files {
					for _, d := range f.Decls {
						fd, ok := d.(*ast.FuncDecl)
						if !ok || fd.Body == nil {
							continue
						}
						fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
						ast.Inspect(fd.Body, func(n ast.Node) bool {
							if e, ok := n.(ast.Expr); ok {
								r.KindsOf(fn, e)
							}
							if rs, ok := n.(*ast.RangeStmt); ok {
								kinds := r.KindsOf(fn, rs.X)
								mu.Lock()
								ranged[rs] = kinds
								mu.Unlock()
							}
							return true
						})
					}
				}
			})
		}
		wg.Wait()
		for rs, kinds := range ranged {
			if len(kinds) > 0 {
				pass.Reportf(rs.X.Pos(), "ranges over %v", kinds)
			}
		}
		return nil, nil
	},
}

// TestConcurrentQueries: the ranged field of ownschildren/fieldkinds gives
// the kinds stored in it to every goroutine.
func TestConcurrentQueries(t *testing.T) {
	var got []string
	res := analysistest.Run(ignore{}, ownschildrenTestdata(t), racer, "ownschildren/fieldkinds")
	for _, r := range res {
		for _, d := range r.Diagnostics {
			got = append(got, d.Message)
		}
	}
	slices.Sort(got)
	want := []string{
		"ranges over [k8s.io/api/apps/v1.Deployment]",
		"ranges over [k8s.io/api/core/v1.ConfigMap k8s.io/api/core/v1.Secret k8s.io/api/core/v1.ServiceAccount]",
		"ranges over [k8s.io/api/core/v1.Service]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("kinds of the ranged values:\n got %q\nwant %q", got, want)
	}
}

// ignore is an analysistest.Testing that drops the expectations' errors:
// the test checks racer's findings itself.
type ignore struct{}

func (ignore) Errorf(string, ...any) {}
