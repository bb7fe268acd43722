package foregrounddeletion_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/foregrounddeletion"
	"github.com/deletionlint/deletionlint/analyzers/internal/gopathtest"
)

func TestUnobservedDelete(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/unobserved")
}

func TestObservedDelete(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/observed")
}

func TestIgnoredPolicy(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/policy")
}

func TestPolicyRead(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/policyread")
}
