package isdeleting_test

import (
	"fmt"
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/isdeleting"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// probe reports the polarity of every if condition that tests deletion.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report deletion tests",
	Requires: []*analysis.Analyzer{isdeleting.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		c := pass.ResultOf[isdeleting.Analyzer].(*isdeleting.Checker)
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
	dir := gopathtest.TestData(t)
	analysistest.Run(t, dir, isdeleting.Analyzer, "isdeleting/ops")
	analysistest.Run(t, dir, probe, "isdeleting/use")
}

func ExampleCheck() {
	fmt.Println(&isdeleting.Check{WhenDeleting: true})
	// Output: deletionCheck(whenDeleting=true)
}
