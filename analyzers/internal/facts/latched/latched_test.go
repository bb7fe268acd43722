package latched_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/latched"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// TestLatched: a field set to true and never to anything else, in the
// package or the packages it imports, is latched; a field set from a
// variable, left out of a status literal assigned whole, or written
// through its address is not. Package facts carry the writes of imports.
func TestLatched(t *testing.T) {
	probe := &analysis.Analyzer{
		Name:     "probe",
		Doc:      "report whether the fields if conditions test are latched",
		Requires: []*analysis.Analyzer{latched.Analyzer, inspection.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			r := pass.ResultOf[latched.Analyzer].(*latched.Result)
			for c := range inspection.Of(pass).Root().Preorder((*ast.IfStmt)(nil)) {
				cond := c.Node().(*ast.IfStmt).Cond
				if sel, ok := cond.(*ast.SelectorExpr); ok {
					msg := "not latched"
					if r.Latched(pass.TypesInfo, sel) {
						msg = "latched"
					}
					pass.Reportf(cond.Pos(), "%s", msg)
				}
			}
			return nil, nil
		},
	}
	analysistest.Run(t, gopathtest.TestData(t), latched.Analyzer, "latched/status")
	analysistest.Run(t, gopathtest.TestData(t), probe, "latched/ctl")
}
