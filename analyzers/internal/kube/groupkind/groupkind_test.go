package groupkind_test

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// TestDeclaredGroups checks the group fact of each way a package declares
// its API group, and that a package declaring none gets no fact.
func TestDeclaredGroups(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), groupkind.Analyzer,
		"groups/gv/v1alpha2", "groups/constname", "groups/marker/v1", "groups/none", "groups/nogroup", "groups/legacy/v1")
	// Scopes: by the markers of a package whose group is declared, by the
	// list of k8s.io/api's cluster-scoped kinds, not known otherwise.
	var ix *groupkind.Index
	for _, r := range results {
		if r.Pass.Pkg.Path() == "groups/marker/v1" {
			ix, _ = r.Result.(*groupkind.Index)
		}
	}
	// Resource names: a marker's path, none without one; a package of
	// no group has its kinds' names too, but no group.
	var nogroup *groupkind.Index
	for _, r := range results {
		if r.Pass.Pkg.Path() == "groups/nogroup" {
			nogroup, _ = r.Result.(*groupkind.Index)
		}
	}
	for _, tc := range []struct {
		ix       *groupkind.Index
		kind     string
		resource string
	}{
		{ix, "groups/marker/v1.Fleet", "fleets"},
		{ix, "groups/marker/v1.Ship", "vessels"},
		{ix, "groups/marker/v1.Boat", ""},
		{nogroup, "groups/nogroup.Gizmo", "gizmoes"},
	} {
		if got, _ := tc.ix.Resource(tc.kind); got != tc.resource {
			t.Errorf("Resource(%s) = %q, want %q", tc.kind, got, tc.resource)
		}
	}
	if _, ok := nogroup.GroupKind("groups/nogroup.Gizmo"); ok {
		t.Errorf("a package that declares no group has a GroupKind")
	}
	for _, tc := range []struct {
		kind                 string
		clusterScoped, known bool
	}{
		{"groups/marker/v1.Fleet", true, true},
		{"groups/marker/v1.Dock", true, true},
		{"groups/marker/v1.Ship", false, true},
		{"k8s.io/api/rbac/v1.ClusterRoleBinding", true, true},
		{"k8s.io/api/rbac/v1.RoleBinding", false, true},
		{"example.com/elsewhere/v1.Widget", false, false},
	} {
		if c, k := ix.Scope(tc.kind); c != tc.clusterScoped || k != tc.known {
			t.Errorf("Scope(%s) = %v, %v; want %v, %v", tc.kind, c, k, tc.clusterScoped, tc.known)
		}
	}
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

// TestImportsWithoutFacts: a dependency the driver gives no fact for (one
// loaded from export data, as the deletionlint command loads k8s.io/api)
// still has the group its GroupName constant names, so two of its API
// versions' kinds compare equal.
func TestImportsWithoutFacts(t *testing.T) {
	dep := func(path string) *types.Package {
		p := types.NewPackage(path, "v")
		p.Scope().Insert(types.NewConst(token.NoPos, p, "GroupName", types.Typ[types.UntypedString], constant.MakeString("autoscaling")))
		p.MarkComplete()
		return p
	}
	v2, v2beta2 := dep("k8s.io/api/autoscaling/v2"), dep("k8s.io/api/autoscaling/v2beta2")
	pkg := types.NewPackage("example.com/operator", "operator")
	pkg.SetImports([]*types.Package{v2})
	v2.SetImports([]*types.Package{v2beta2}) // reached through another import too
	pass := &analysis.Pass{
		Analyzer:          groupkind.Analyzer,
		Fset:              token.NewFileSet(),
		Pkg:               pkg,
		TypesInfo:         &types.Info{Defs: map[*ast.Ident]types.Object{}},
		ResultOf:          map[*analysis.Analyzer]any{},
		AllPackageFacts:   func() []analysis.PackageFact { return nil },
		ExportPackageFact: func(analysis.Fact) {},
	}
	res, err := groupkind.Analyzer.Run(pass)
	if err != nil {
		t.Fatal(err)
	}
	ix := res.(*groupkind.Index)
	a, b := ix.Key("k8s.io/api/autoscaling/v2.HorizontalPodAutoscaler"), ix.Key("k8s.io/api/autoscaling/v2beta2.HorizontalPodAutoscaler")
	if a != b || a != "/HorizontalPodAutoscaler.autoscaling" {
		t.Errorf("keys %q and %q, want both /HorizontalPodAutoscaler.autoscaling", a, b)
	}
	// A package export data does not list among the imports (its types
	// reached through another package's API) has its GroupName too.
	unlisted := dep("k8s.io/api/autoscaling/v1")
	if g, ok := ix.PackageGroup(unlisted); g != "autoscaling" || !ok {
		t.Errorf("PackageGroup of a package no import lists = %q, %v; want autoscaling, true", g, ok)
	}
	if _, ok := ix.PackageGroup(pkg); ok {
		t.Errorf("PackageGroup of a package that declares no group is known")
	}
}
