package finalizerblock

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/depnotfound"
)

// producer returns the test of whether a call can fail with a
// dependency-not-found error (the set depnotfound computes), which names
// the error, or nil when the set is not known.
func producer(pass *analysis.Pass) func(*ast.CallExpr) (string, bool) {
	r, _ := pass.ResultOf[depnotfound.Analyzer].(*depnotfound.Result)
	if r == nil {
		return nil
	}
	return r.CanProduce
}
