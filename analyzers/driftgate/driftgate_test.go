package driftgate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/driftgate"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

func TestDriftGate(t *testing.T) {
	gopathtest.RunWithSuggestedFixes(t, driftgate.Analyzer,
		"driftgate/gate", "driftgate/gatenegative", "driftgate/filter", "driftgate/filternegative", "driftgate/filterimport", "driftgate/watchfilter", "driftgate/apiversions", "driftgate/filterpolls", "driftgate/kindfilter/...", "driftgate/filtermade/...",
	)
}

// TestOldControllerRuntime: on controller-runtime v0.14, whose
// GenerationChangedPredicate is a struct of its own and whose Watches takes
// a source and an owner handler literal, the filters are found as on the
// current API.
func TestOldControllerRuntime(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), driftgate.Analyzer, "github.com/example/crv014/driftgate")
}
