package driver

import (
	"cmp"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// dedupe drops each finding that a root action reports again: a file of a
// package that has tests is analysed twice, in the package and in its test
// variant ("p [p.test]"), and JSON and SARIF must list its findings once,
// as the text output does. The package keeps them and its test variant
// drops them: actions are visited by package ID, and "p" sorts before
// "p [p.test]". Findings are the same when position, end, rule and message
// are.
func dedupe(roots []*checker.Action) {
	type key struct {
		pos, end token.Position
		rule     *analysis.Analyzer
		message  string
	}
	sorted := slices.Clone(roots)
	slices.SortStableFunc(sorted, func(a, b *checker.Action) int {
		return cmp.Compare(a.Package.ID, b.Package.ID)
	})
	seen := make(map[key]bool)
	for _, act := range sorted {
		if !act.IsRoot || act.Err != nil || len(act.Diagnostics) == 0 {
			continue
		}
		fset := act.Package.Fset
		kept := make([]analysis.Diagnostic, 0, len(act.Diagnostics))
		for _, d := range act.Diagnostics {
			k := key{fset.Position(d.Pos), fset.Position(d.End), act.Analyzer, d.Message}
			if !seen[k] {
				seen[k] = true
				kept = append(kept, d)
			}
		}
		act.Diagnostics = kept
	}
}
