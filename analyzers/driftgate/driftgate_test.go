package driftgate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/driftgate"
	"github.com/deletionlint/deletionlint/analyzers/internal/gopathtest"
)

func TestDriftGate(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, gopathtest.TestData(t), driftgate.Analyzer,
		"driftgate/gate", "driftgate/gatenegative", "driftgate/filter", "driftgate/filternegative", "driftgate/filterimport",
	)
}
