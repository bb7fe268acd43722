package finalizersrbac_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/finalizersrbac"
)

func TestFinalizersRBAC(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), finalizersrbac.Analyzer,
		"finalizersrbac/missing", "finalizersrbac/granted", "finalizersrbac/wildcard", "finalizersrbac/nomarkers")
}

func TestPlural(t *testing.T) {
	for kind, want := range map[string]string{
		"Widget": "widgets", "Policy": "policies", "Gateway": "gateways", "Box": "boxes",
		"Ingress": "ingresses", "Batch": "batches", "Mesh": "meshes", "Deployment": "deployments",
	} {
		if got := finalizersrbac.Plural(kind); got != want {
			t.Errorf("Plural(%q) = %q, want %q", kind, got, want)
		}
	}
}
