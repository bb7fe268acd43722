package gopathtest

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// RunWithSuggestedFixes is analysistest.RunWithSuggestedFixes on the tree
// of TestData, which also fails when a file with a .golden beside it gets no
// fix at all. analysistest compares a golden file only with the fixes that
// edit its file, so a fix that stops being offered would otherwise pass
// unnoticed (as driftgate's did when client.Object became an alias).
func RunWithSuggestedFixes(t *testing.T, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	root := TestData(t)
	results := analysistest.RunWithSuggestedFixes(t, root, a, patterns...)
	fixed := make(map[string]bool)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					fixed[r.Pass.Fset.File(e.Pos).Name()] = true
				}
			}
		}
	}
	for _, golden := range goldenFiles(t, filepath.Join(root, "src"), patterns) {
		if file := strings.TrimSuffix(golden, ".golden"); !fixed[file] {
			rel, _ := filepath.Rel(filepath.Join(root, "src"), file)
			t.Errorf("%s has a .golden file but no fix edits it", rel)
		}
	}
	return results
}

// goldenFiles lists the .go.golden files of the packages that patterns
// (import paths, or paths ending in /...) name below src.
func goldenFiles(t *testing.T, src string, patterns []string) []string {
	t.Helper()
	var out []string
	for _, p := range patterns {
		dir, all := strings.CutSuffix(p, "/...")
		err := filepath.WalkDir(filepath.Join(src, filepath.FromSlash(dir)), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && !all && path != filepath.Join(src, filepath.FromSlash(dir)) {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(path, ".go.golden") {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("gopathtest: %v", err)
		}
	}
	return out
}
