package topology_test

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/topology"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
	"github.com/deletionlint/deletionlint/internal/graph"
)

// short names a kind by its type name, or a controller of no kind by its
// reconciler.
func short(id string) string {
	return id[strings.LastIndexAny(id, "./")+1:]
}

// describe lists a fragment's controllers and edges, one a line.
func describe(f *graph.Fragment) []string {
	var out []string
	for _, c := range f.Controllers {
		s := "controller " + short(c.Kind) + " by " + short(c.Reconciler)
		if c.Finalizer {
			s += ", finalizer"
		}
		if c.Polls != "" {
			s += ", polls " + c.Polls
		}
		out = append(out, s)
	}
	for _, e := range f.Edges {
		s := short(e.From) + " " + string(e.Relation)
		if e.Detail != "" {
			s += " (" + e.Detail + ")"
		}
		s += " " + short(e.To)
		for _, at := range e.At {
			s += " " + filepath.Base(at.File) + ":" + strconv.Itoa(at.Line)
		}
		if e.Grant != "" {
			s += " [" + string(e.Grant) + ": " + e.Needs + "]"
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// TestShapes reads the shapes of testdata/src/topology/shapes: the Delete in
// normal code (shapes.go:73) is no edge, the one in the Runner's Cleanup is.
func TestShapes(t *testing.T) {
	res := analysistest.Run(t, gopathtest.TestData(t), topology.Analyzer, "topology/shapes")
	if len(res) != 1 {
		t.Fatalf("%d results", len(res))
	}
	f, _ := res[0].Result.(*graph.Fragment)
	if f == nil {
		t.Fatalf("result %T, want *graph.Fragment", res[0].Result)
	}
	want := []string{
		"Bucket deletes (and waits) Secret shapes.go:78",
		"Bucket watches (Watches) ConfigMap shapes.go:53",
		"Bucket watches (Watches, owner handler) Secret shapes.go:52",
		"InfraCluster looks up (owner references) Cluster shapes.go:98",
		"controller  by Generic, polls every 60s",
		"controller Bucket by BucketReconciler, finalizer",
		"controller InfraCluster by InfraClusterReconciler",
	}
	if got := describe(f); !slices.Equal(got, want) {
		t.Errorf("fragment:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGroupKinds: the fragment names the GroupKind of each kind whose API
// group is known (k8s.io/api's, and Cluster API's, which declares its
// group), and of no other (Bucket's and InfraCluster's package declares
// none).
func TestGroupKinds(t *testing.T) {
	res := analysistest.Run(t, gopathtest.TestData(t), topology.Analyzer, "topology/shapes")
	f, _ := res[0].Result.(*graph.Fragment)
	if f == nil {
		t.Fatalf("result %T, want *graph.Fragment", res[0].Result)
	}
	var got []string
	for k, gk := range f.GroupKinds {
		got = append(got, short(k)+"="+gk)
	}
	slices.Sort(got)
	want := []string{"Cluster=Cluster.cluster.x-k8s.io", "ConfigMap=ConfigMap", "Secret=Secret"}
	if !slices.Equal(got, want) {
		t.Errorf("GroupKinds %q, want %q", got, want)
	}
}

// TestGatedPoll: a reconciler that returns at a gate without asking for
// another pass, and polls on every pass that reaches its child, polls in
// the graph as in ownschildren's findings.
func TestGatedPoll(t *testing.T) {
	res := analysistest.Run(t, gopathtest.TestData(t), topology.Analyzer, "topology/gatedpoll")
	f, _ := res[0].Result.(*graph.Fragment)
	if f == nil {
		t.Fatalf("result %T, want *graph.Fragment", res[0].Result)
	}
	want := []string{
		"Lock owns ConfigMap gatedpoll.go:45",
		"controller Lock by LockReconciler, polls every 20s",
	}
	if got := describe(f); !slices.Equal(got, want) {
		t.Errorf("fragment:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGrants: each edge of the Store controller says whether the role
// grants it (create, or list and watch, of Deployments; delete of Secrets
// and create of ConfigMaps are not granted); a Delete through another
// cluster's client, and the Kiosk controller's edges (no role read writes
// Kiosks: not known to be its roles), say nothing.
func TestGrants(t *testing.T) {
	// The case is a module of its own (its _go.mod, named go.mod in the
	// copy, makes its directory the repository whose roles are read).
	res := analysistest.Run(t, gopathtest.TestData(t), topology.Analyzer, "topology/grants")
	f, _ := res[0].Result.(*graph.Fragment)
	if f == nil {
		t.Fatalf("result %T, want *graph.Fragment", res[0].Result)
	}
	want := []string{
		"Kiosk deletes ConfigMap grants.go:109",
		"Store deletes PersistentVolumeClaim grants.go:71",
		"Store deletes Secret grants.go:63 [not granted: delete]",
		"Store owns ConfigMap grants.go:88 [not granted: create]",
		"Store owns Deployment grants.go:81 [granted: create]",
		"Store watches (Owns) ConfigMap grants.go:52 [granted: list, watch]",
		"Store watches (Owns) Deployment grants.go:51 [granted: list, watch]",
		"controller Kiosk by KioskReconciler, finalizer",
		"controller Store by StoreReconciler, finalizer",
	}
	if got := describe(f); !slices.Equal(got, want) {
		t.Errorf("fragment:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
