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

// TestJobDeletes: a Delete of a batch/v1 Job (or of an unstructured object
// whose kind comes from data) without a propagation policy orphans the
// Job's Pods; with a policy, or options given by the caller, it is silent.
func TestJobDeletes(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/jobs")
}
