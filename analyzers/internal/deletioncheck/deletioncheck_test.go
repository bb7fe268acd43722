package deletioncheck_test

import (
	"fmt"
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	testdata "github.com/deletionlint/deletionlint/analysistest"
	"github.com/deletionlint/deletionlint/analyzers/internal/deletioncheck"
)

// probe reports the polarity of every if condition that tests deletion.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report deletion tests",
	Requires: []*analysis.Analyzer{deletioncheck.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		c := pass.ResultOf[deletioncheck.Analyzer].(*deletioncheck.Checker)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if s, ok := n.(*ast.IfStmt); ok {
					if t, ok := c.Test(s.Cond); ok {
						pass.Reportf(s.Cond.Pos(), "deleting=%t", t.WhenDeleting)
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestDeletionCheck(t *testing.T) {
	dir := testdata.TestData()
	analysistest.Run(t, dir, deletioncheck.Analyzer, "deletioncheck/ops")
	analysistest.Run(t, dir, probe, "deletioncheck/use")
}

func ExampleCheck() {
	fmt.Println(&deletioncheck.Check{WhenDeleting: true})
	// Output: deletionCheck(whenDeleting=true)
}
