package waits_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/waits"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// TestShapes checks the package fact of the waits in waitshapes, and that
// the result answers for them and not for a listing that waits for nothing.
func TestShapes(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), waits.Analyzer, "waitshapes")
	res, _ := results[0].Result.(*waits.Result)
	const core = "k8s.io/api/core/v1."
	checkWaits(t, res, core, []waitCase{
		{"ConfigMap", "Pod", true},
		{"Secret", "Service", true},
		{"ServiceAccount", "Secret", true},
		{"Namespace", "Pod", false},
		{"Pod", "ConfigMap", false},
		{"Service", "Pod", true},
		{"Service", "ConfigMap", true},
	})
}

// TestClusterAPIContract checks the waits the Cluster API contract makes
// (the owner helpers' objects that have the contract's fields, and the
// Cluster's waits for its descendants, not exported) and a listing through
// a function of another package that returns a collection of objects.
func TestClusterAPIContract(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), waits.Analyzer, "capiwaits")
	res, _ := results[0].Result.(*waits.Result)
	const capi = "sigs.k8s.io/cluster-api/api/v1beta1."
	checkWaits(t, res, "", []waitCase{
		{capi + "Machine", "capiwaits.InfraMachine", true},
		{capi + "Cluster", "capiwaits.InfraCluster", true},
		{capi + "Cluster", capi + "Machine", true},
		{capi + "Cluster", capi + "MachineSet", true},
		{capi + "Cluster", capi + "MachineDeployment", true},
		{capi + "Cluster", capi + "MachinePool", true},
		{capi + "Cluster", "capiwaits.ControlPlane", true},
		{"capiwaits.InfraCluster", capi + "Machine", true},
		{capi + "Machine", "capiwaits.Sidecar", false},
		{capi + "MachineDeployment", capi + "Cluster", false},
	})
	if got := len(res.Contract()); got != 4 {
		t.Errorf("Contract() = %d waits, want the Cluster's 4 on its descendants", got)
	}
}

// TestExpMachinePool checks the Cluster's wait on a MachinePool of the exp
// API package, whose Cluster is in a package it imports.
func TestExpMachinePool(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), waits.Analyzer, "exppool")
	res, _ := results[0].Result.(*waits.Result)
	checkWaits(t, res, "sigs.k8s.io/cluster-api/", []waitCase{
		{"api/v1beta1.Cluster", "exp/api/v1beta1.MachinePool", true},
		{"exp/api/v1beta1.MachinePool", "api/v1beta1.Cluster", false},
	})
}

// TestScopeOfAnotherPackage checks a wait on the objects a method of
// another package lists (its fact), whatever its signature says.
func TestScopeOfAnotherPackage(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), waits.Analyzer, "waitscope/scope", "waitscope")
	var res *waits.Result
	for _, r := range results {
		if r.Pass.Pkg.Path() == "waitscope" {
			res, _ = r.Result.(*waits.Result)
		}
	}
	const core = "k8s.io/api/core/v1."
	checkWaits(t, res, core, []waitCase{
		{"ConfigMap", "Pod", true},
		{"ConfigMap", "PersistentVolumeClaim", true},
		{"Secret", "Pod", false},
		{"ServiceAccount", "Pod", true}, // partly: for the Pods it keeps
	})
}

// TestManagerBehindInterface checks waits through the methods of another
// package's manager, reached through the interface its factory returns:
// a count it returns, and an error it returns while objects are left, are
// waits; an error it returns only when a call fails is not.
func TestManagerBehindInterface(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), waits.Analyzer, "waitmgr/mgr", "waitmgr")
	var res *waits.Result
	for _, r := range results {
		if r.Pass.Pkg.Path() == "waitmgr" {
			res, _ = r.Result.(*waits.Result)
		}
	}
	const core = "k8s.io/api/core/v1."
	checkWaits(t, res, core, []waitCase{
		{"ConfigMap", "Pod", true},
		{"Service", "Pod", true},
		{"Secret", "Pod", false},
		{"Node", "Pod", true},
		{"Namespace", "Pod", true},
	})
}

// waitCase is a pair of kinds and whether the first waits for the second.
type waitCase struct {
	waiter, on string
	want       bool
}

// checkWaits checks res's answer for each case, its kinds prefixed with
// prefix.
func checkWaits(t *testing.T, res *waits.Result, prefix string, cases []waitCase) {
	t.Helper()
	for _, c := range cases {
		if got := res.Waits(prefix+c.waiter, prefix+c.on); got != c.want {
			t.Errorf("Waits(%s, %s) = %v, want %v", c.waiter, c.on, got, c.want)
		}
	}
}

// TestOwnerWalker checks the contract's wait of a Cluster API owner found
// by the package's own copy of an owner helper, and no wait for a local
// kind that shares the owner's name.
func TestOwnerWalker(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), waits.Analyzer, "walkerwaits")
	res, _ := results[0].Result.(*waits.Result)
	checkWaits(t, res, "", []waitCase{
		{"sigs.k8s.io/cluster-api/api/v1beta1.MachinePool", "walkerwaits.InfraPool", true},
		{"walkerwaits.MachinePool", "walkerwaits.LocalPool", false},
	})
}

// TestIsCluster: the Cluster of a Cluster API API package, of any version,
// and no other kind or package.
func TestIsCluster(t *testing.T) {
	for key, want := range map[string]bool{
		"sigs.k8s.io/cluster-api/api/v1beta1.Cluster":          true,
		"sigs.k8s.io/cluster-api/api/core/v1beta2.Cluster":     true,
		"sigs.k8s.io/cluster-api/exp/api/v1beta1.Cluster":      true,
		"sigs.k8s.io/cluster-api/api/v1beta1.ClusterClass":     false,
		"sigs.k8s.io/cluster-api/api/v1beta1.MachinePool":      false,
		"example.com/fleet/api/v1.Cluster":                     false,
		"sigs.k8s.io/cluster-api/controllers/external.Cluster": false,
	} {
		if got := waits.IsCluster(key); got != want {
			t.Errorf("IsCluster(%q) = %v, want %v", key, got, want)
		}
	}
}
