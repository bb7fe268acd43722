package finalizersrbac_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/finalizersrbac"
	"github.com/deletionlint/deletionlint/analyzers/internal/gopathtest"
)

func TestFinalizersRBAC(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, gopathtest.TestData(t), finalizersrbac.Analyzer,
		"finalizersrbac/missing", "finalizersrbac/granted", "finalizersrbac/wildcard", "finalizersrbac/nomarkers",
		"finalizersrbac/crossgroup", "finalizersrbac/manifests/internal/...", "finalizersrbac/helpers", "finalizersrbac/helpercaller", "finalizersrbac/shapes/...")
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

func TestParseRolesRejectsBadYAML(t *testing.T) {
	if _, err := finalizersrbac.ParseRoles([]byte("rules: [\n")); err == nil {
		t.Error("ParseRoles accepted a YAML syntax error")
	}
	rules, err := finalizersrbac.ParseRoles([]byte("kind: ClusterRole\nrules:\n- apiGroups: [\"\"]\n  resources: [pods/finalizers]\n  verbs: [update]\n---\nkind: ConfigMap\ndata: {a: b}\n"))
	if err != nil || rules != 1 {
		t.Errorf("ParseRoles = %d rules, %v; want 1, nil", rules, err)
	}
}
