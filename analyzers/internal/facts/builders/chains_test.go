package builders_test

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// chainsAnalyzer reports what builders.Chains finds at each chain's start:
// the methods called in order of position, and the chain's properties.
var chainsAnalyzer = &analysis.Analyzer{
	Name: "chains",
	Doc:  "report the controller builder chains builders.Chains finds",
	Run: func(pass *analysis.Pass) (any, error) {
		vals := values.New(pass.TypesInfo, inspector.New(pass.Files))
		chains, _ := builders.Chains(pass.TypesInfo, vals, pass.Files, nil)
		for _, c := range chains {
			var b strings.Builder
			b.WriteString("chain")
			calls := append(c.Calls[:0:0], c.Calls...)
			sortByPos(calls)
			for _, call := range calls {
				m, _, _ := builders.BuilderCall(pass.TypesInfo, call)
				b.WriteString(" " + m)
			}
			for _, p := range []struct {
				on   bool
				name string
			}{{c.Single, "single"}, {c.ControllerKept, "kept"}, {c.Escaped, "escaped"}} {
				if p.on {
					b.WriteString(" " + p.name)
				}
			}
			if c.Reconciler != nil {
				fmt.Fprintf(&b, " reconciler=%s", c.Reconciler.String())
			}
			pass.Reportf(c.Start.Pos(), "%s", strings.ReplaceAll(b.String(), "ownschildren/chains.", "chains."))
		}
		return nil, nil
	},
}

func TestChains(t *testing.T) {
	analysistest.Run(t, ownschildrenTestdata(t), chainsAnalyzer, "ownschildren/chains")
}

// sortByPos orders calls by the position of their method name: calls nested
// in one chain expression all start where the chain starts.
func sortByPos(calls []*ast.CallExpr) {
	sort.Slice(calls, func(i, j int) bool { return calls[i].Fun.End() < calls[j].Fun.End() })
}

// ownschildrenTestdata returns the ownschildren rule's test GOPATH: its case
// ownschildren/chains is the shape this test checks here, and stays with the
// rule whose behaviour depends on it.
func ownschildrenTestdata(t *testing.T) string {
	return gopathtest.Of(t, filepath.Join("..", "..", "..", "ownschildren", "testdata"))
}
