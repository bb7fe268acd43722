package children_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	testdata "github.com/deletionlint/deletionlint/analysistest"
	"github.com/deletionlint/deletionlint/analyzers/internal/children"
)

// TestFacts checks the summaries exported for helpers that other packages
// call: a generic helper that owns and creates its parameter, and a
// builder that returns a child with a controller reference.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata.TestData(), children.Analyzer, "ownschildren/crosspkg/resources")
}

func TestKind(t *testing.T) {
	if got := children.Kind(nil); got != "" {
		t.Errorf("Kind(nil) = %q, want empty", got)
	}
	if path, name := children.SplitKind("k8s.io/api/apps/v1.Deployment"); path != "k8s.io/api/apps/v1" || name != "Deployment" {
		t.Errorf("SplitKind = %q, %q", path, name)
	}
}
