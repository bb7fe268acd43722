package ownerbyref_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/configtest"
	"github.com/deletionlint/deletionlint/analyzers/ownerbyref"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

func TestClusterAPI(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownerbyref.Analyzer,
		"ownerbyref/clusterlabel", "ownerbyref/canonical", "ownerbyref/handrolled", "ownerbyref/kubeconfig", "ownerbyref/adoption", "ownerbyref/poolowner")
}

func TestOwnersFromCode(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownerbyref.Analyzer,
		"ownerbyref/codeowners", "ownerbyref/parentctrl", "ownerbyref/childctrl", "ownerbyref/nodetree", "ownerbyref/selfadoption", "ownerbyref/namedafter")
}

func TestOwnerKindsSetting(t *testing.T) {
	configtest.Apply(t, "", "ownerbyref: {owner-kinds: [ownerbyref/settings.Tenant]}")
	analysistest.Run(t, gopathtest.TestData(t), ownerbyref.Analyzer, "ownerbyref/settings")
}

// TestAPIVersions: kinds compare as GroupKinds, so a Boat controller that
// looks its Fleet up by name through the v1 type is caught although the
// Fleet controller, which owns the Boats, is built on the v2 type.
func TestAPIVersions(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownerbyref.Analyzer, "ownerbyref/versions")
}

// TestScopes: a namespaced Replica that Owns a cluster-scoped
// ReplicaContent is not its owner (no such reference resolves), so the
// content's lookup of its Replica by the spec's name is left alone, while
// a namespaced shard's is reported.
func TestScopes(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownerbyref.Analyzer, "ownerbyref/replicactrl", "ownerbyref/contentctrl")
}

// TestSiblings: a Barn controller that finds its Farm by a label, in a
// package that does not import the Farm controller's (which makes Farms the
// Barns' owners), is reported by the package that sets up both, where it
// sets up the Barn controller; a package that sets up the Barn controller
// alone reports nothing.
func TestSiblings(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownerbyref.Analyzer,
		"ownerbyref/siblings/farmctrl", "ownerbyref/siblings/barnctrl", "ownerbyref/siblings/manager", "ownerbyref/siblings/barnonly")
}
