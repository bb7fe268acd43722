package finalizersrbac_test

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/finalizersrbac"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

func TestFinalizersRBAC(t *testing.T) {
	gopathtest.RunWithSuggestedFixes(t, finalizersrbac.Analyzer,
		"finalizersrbac/missing", "finalizersrbac/granted", "finalizersrbac/wildcard", "finalizersrbac/nomarkers",
		"finalizersrbac/crossgroup", "finalizersrbac/manifests/internal/...", "finalizersrbac/components/...", "finalizersrbac/helmchart/...", "finalizersrbac/handroles/...", "finalizersrbac/kustomized/...", "finalizersrbac/aggregated/...", "finalizersrbac/helpers", "finalizersrbac/helpercaller", "finalizersrbac/keptowner", "finalizersrbac/shapes/...", "finalizersrbac/statusonly", "finalizersrbac/remote", "finalizersrbac/unknownowner/...", "finalizersrbac/handonly/...", "finalizersrbac/chartcomponents/...", "finalizersrbac/chartfiles/...", "finalizersrbac/otherplural/...", "finalizersrbac/compared", "finalizersrbac/clusteradmin/...", "finalizersrbac/openshiftroles/...", "finalizersrbac/gvkvar")
}

// TestOneFindingPerGrant: one missing grant is one finding, at its first
// site, with every other site as a related position (marked in the test
// data by a comment "// also `regexp`" on its line, the regexp matching
// the finding's message).
func TestOneFindingPerGrant(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), finalizersrbac.Analyzer,
		"finalizersrbac/missing", "finalizersrbac/crossgroup", "finalizersrbac/helpercaller", "finalizersrbac/shapes/...", "finalizersrbac/wrapper", "finalizersrbac/expectations", "finalizersrbac/unknownowner/...")
	checkAlso(t, results)
}

// checkAlso checks the "// also `regexp`" comments of the results' files:
// a finding whose message matches regexp has a related position on the
// comment's line; and the "// alone" comments: no finding has one there.
func checkAlso(t *testing.T, results []*analysistest.Result) {
	t.Helper()
	also := regexp.MustCompile("// also `([^`]*)`")
	for _, r := range results {
		fset := r.Pass.Fset
		related := make(map[string][]string) // file:line -> messages
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				p := fset.Position(rel.Pos)
				key := fmt.Sprintf("%s:%d", p.Filename, p.Line)
				related[key] = append(related[key], d.Message)
			}
		}
		for _, f := range r.Pass.Files {
			for _, cg := range f.Comments {
				for _, c := range cg.List {
					p := fset.Position(c.Pos())
					if c.Text == "// alone" {
						if msgs := related[fmt.Sprintf("%s:%d", p.Filename, p.Line)]; len(msgs) > 0 {
							t.Errorf("%s:%d: a related position of %q", p.Filename, p.Line, msgs[0])
						}
						continue
					}
					m := also.FindStringSubmatch(c.Text)
					if m == nil {
						continue
					}
					re := regexp.MustCompile(m[1])
					if !slices.ContainsFunc(related[fmt.Sprintf("%s:%d", p.Filename, p.Line)], re.MatchString) {
						t.Errorf("%s:%d: no finding matching %q has this line as a related position", p.Filename, p.Line, m[1])
					}
				}
			}
		}
	}
}
