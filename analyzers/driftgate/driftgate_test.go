package driftgate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/driftgate"
)

func TestDriftGate(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), driftgate.Analyzer,
		"driftgate/gate", "driftgate/gatenegative", "driftgate/filter", "driftgate/filternegative", "driftgate/filterimport",
	)
}
