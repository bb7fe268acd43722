package children_test

import (
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/gopathtest"
)

// TestFacts checks the summaries exported for helpers that other packages
// call: a generic helper that owns and creates its parameter, and a
// builder that returns a child with a controller reference.
func TestFacts(t *testing.T) {
	analysistest.Run(t, ownschildrenTestdata(t), children.Analyzer, "ownschildren/crosspkg/resources")
}

func TestKind(t *testing.T) {
	if got := children.Kind(nil); got != "" {
		t.Errorf("Kind(nil) = %q, want empty", got)
	}
	if path, name := children.SplitKind("k8s.io/api/apps/v1.Deployment"); path != "k8s.io/api/apps/v1" || name != "Deployment" {
		t.Errorf("SplitKind = %q, %q", path, name)
	}
}

// ownschildrenTestdata returns the ownschildren rule's test GOPATH: its case
// ownschildren/crosspkg/resources is the shape this test checks here, and stays with the
// rule whose behaviour depends on it.
func ownschildrenTestdata(t *testing.T) string {
	return gopathtest.Of(t, filepath.Join("..", "..", "..", "ownschildren", "testdata"))
}

// TestNameIn: a kind whose package the file does not import is named as
// the scaffolding names an API version's package (corev1, routev1), not by
// its package name (v1), which many share; a project's api/v1alpha1 keeps
// its version's name.
func TestNameIn(t *testing.T) {
	pkg := types.NewPackage("example.com/operator/internal/controller", "controller")
	for kind, want := range map[string]string{
		"k8s.io/api/core/v1.Secret":                  "corev1.Secret",
		"github.com/openshift/api/route/v1.Route":    "routev1.Route",
		"example.com/operator/api/v1alpha1.Widget":   "v1alpha1.Widget",
		"example.com/operator/internal/util.Thing":   "util.Thing",
		"example.com/operator/internal/controller.X": "X",
	} {
		if got, _ := children.NameIn(pkg, nil, kind); got != want {
			t.Errorf("NameIn(%q) = %q, want %q", kind, got, want)
		}
	}
}
