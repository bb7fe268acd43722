package recognize_test

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// finalizerAnalyzer reports what the finalizer and lookup recognisers say
// about each call and each expression statement's value.
var finalizerAnalyzer = &analysis.Analyzer{
	Name: "finalizers",
	Doc:  "report finalizer removals, lookups and not-found tests",
	Run: func(pass *analysis.Pass) (any, error) {
		info := pass.TypesInfo
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if r, ok := recognize.AsFinalizerRemoval(info, n); ok {
						var b strings.Builder
						b.WriteString("removal")
						if r.Object != nil {
							fmt.Fprintf(&b, " object=%s", types.ExprString(r.Object))
						}
						if r.Name != nil {
							if tv, ok := info.Types[r.Name]; ok && tv.Value != nil {
								fmt.Fprintf(&b, " name=%q", constant.StringVal(tv.Value))
							}
						}
						if r.Helper {
							b.WriteString(" helper")
						}
						pass.Reportf(n.Pos(), "%s", b.String())
					}
					if recognize.IsFinalizerAdd(info, n) {
						pass.Reportf(n.Pos(), "add")
					}
					if l, ok := recognize.AsLookup(info, n); ok {
						kind := [...]string{"get", "owner", "owner-error"}[l.Kind]
						s := "lookup " + kind
						if l.Key != nil && recognize.IsRequestKey(info, l.Key) {
							s += " request-key"
						}
						if l.Object == nil && l.Type != nil {
							s += " " + recognize.Named(recognize.Unpointer(l.Type)).Obj().Name()
						}
						pass.Reportf(n.Pos(), "%s", s)
					}
				case *ast.AssignStmt:
					if len(n.Rhs) != 1 {
						return true
					}
					e := n.Rhs[0]
					if t, ok := recognize.AsNotFoundTest(info, e); ok {
						s := fmt.Sprintf("not-found when=%t", t.WhenNotFound)
						if t.Exact {
							s += " exact"
						}
						pass.Reportf(e.Pos(), "%s", s)
					} else if _, whenNil, ok := recognize.NilTest(info, e); ok {
						pass.Reportf(e.Pos(), "nil when=%t", whenNil)
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestFinalizerAndLookupRecognizers(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerAnalyzer, "recognizers")
}
