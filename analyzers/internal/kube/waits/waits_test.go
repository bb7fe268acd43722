package waits_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/gopathtest"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/waits"
)

// TestShapes checks the package fact of the waits in waitshapes, and that
// the result answers for them and not for a listing that waits for nothing.
func TestShapes(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), waits.Analyzer, "waitshapes")
	res, _ := results[0].Result.(*waits.Result)
	const core = "k8s.io/api/core/v1."
	for _, c := range []struct {
		waiter, on string
		want       bool
	}{
		{"ConfigMap", "Pod", true},
		{"Secret", "Service", true},
		{"Namespace", "Pod", false},
		{"Pod", "ConfigMap", false},
	} {
		if got := res.Waits(core+c.waiter, core+c.on); got != c.want {
			t.Errorf("Waits(%s, %s) = %v, want %v", c.waiter, c.on, got, c.want)
		}
	}
}
