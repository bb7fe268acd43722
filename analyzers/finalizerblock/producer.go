package finalizerblock

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
)

// producer returns the test of whether a call can fail with a
// dependency-not-found error, or nil when that set is not known.
func producer(pass *analysis.Pass) func(*ast.CallExpr) bool { return nil }
