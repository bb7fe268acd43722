package ownschildren_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	testdata "github.com/deletionlint/deletionlint/analysistest"
	"github.com/deletionlint/deletionlint/analyzers/ownschildren"
)

func TestOwnsChildren(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata.TestData(), ownschildren.Analyzer,
		"ownschildren/single", "ownschildren/split", "ownschildren/clientset", "ownschildren/crosspkg", "ownschildren/ensurechild", "ownschildren/negative", "ownschildren/apply", "ownschildren/generic", "ownschildren/moduleexample",
	)
}
