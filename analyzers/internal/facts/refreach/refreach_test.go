package refreach_test

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/refreach"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// probe reports, for every owner reference built (an OwnerReference
// literal, a call of metav1.NewControllerRef) and
// every controllerutil.SetControllerReference, whether it reaches an
// object.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report where owner references go",
	Requires: []*analysis.Analyzer{refreach.Analyzer, inspection.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		flow := refreach.Of(pass)
		ins := inspection.Of(pass)
		for cur := range ins.Root().Preorder((*ast.CompositeLit)(nil), (*ast.CallExpr)(nil)) {
			if !built(pass.TypesInfo, cur) {
				continue
			}
			if flow.Reaches(cur) {
				pass.Reportf(cur.Node().Pos(), "reaches")
			} else {
				pass.Reportf(cur.Node().Pos(), "stays")
			}
		}
		return nil, nil
	},
}

func built(info *types.Info, cur inspector.Cursor) bool {
	switch n := cur.Node().(type) {
	case *ast.CompositeLit:
		return recognize.IsOwnerReference(info.TypeOf(n))
	case *ast.CallExpr:
		fn := recognize.Callee(info, n)
		return fn != nil && (fn.Name() == "NewControllerRef" || fn.Name() == "SetControllerReference")
	}
	return false
}

func TestReaches(t *testing.T) {
	dir := gopathtest.TestData(t)
	analysistest.Run(t, dir, refreach.Analyzer, "refreach/helpers")
	analysistest.Run(t, dir, probe, "refreach/use")
}
