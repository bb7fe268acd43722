package blockownerdeletion_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	testdata "github.com/deletionlint/deletionlint/analysistest"
	"github.com/deletionlint/deletionlint/analyzers/blockownerdeletion"
)

func TestLiterals(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata.TestData(), blockownerdeletion.Analyzer, "blockownerdeletion/literal")
}
