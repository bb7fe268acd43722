package groupkind_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/gopathtest"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
)

// TestDeclaredGroups checks the group fact of each way a package declares
// its API group, and that a package declaring none gets no fact.
func TestDeclaredGroups(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), groupkind.Analyzer,
		"groups/gv/v1alpha2", "groups/constname", "groups/marker/v1", "groups/none")
}

func TestGroupKindString(t *testing.T) {
	for _, tc := range []struct {
		gk   groupkind.GroupKind
		want string
	}{
		{groupkind.GroupKind{Kind: "Pod"}, "Pod"},
		{groupkind.GroupKind{Group: "apps", Kind: "Deployment"}, "Deployment.apps"},
	} {
		if got := tc.gk.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.gk, got, tc.want)
		}
	}
	var ix *groupkind.Index
	if got := ix.Key("example.com/api/v1.Widget"); got != "example.com/api/v1.Widget" {
		t.Errorf("a nil Index keys a kind by its Go type; got %q", got)
	}
}
