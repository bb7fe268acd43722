package graph

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// span is a position from line:col to endLine:endCol of file.
func span(file string, line, col, endLine, endCol int) Position {
	return Position{File: file, Line: line, Col: col, EndLine: endLine, EndColumn: endCol}
}

func at(file string, line, col int) Position { return span(file, line, col, line, col) }

// fragment is a small operator: App owns a Deployment (watched), a Secret
// (not) and a Worker, which it reads back; the Worker looks up the App by
// a Get, and a Config kind's controller looks up the App and a Secret.
func fragment() *Fragment {
	return &Fragment{
		Controllers: []Controller{
			{Kind: "ex/api.App", Reconciler: "ex/ctrl.AppReconciler", Finalizer: true, Code: []Position{span("/m/ctrl/app.go", 10, 1, 80, 2)}},
			{Kind: "ex/api.Worker", Reconciler: "ex/ctrl.WorkerReconciler", Code: []Position{span("/m/ctrl/worker.go", 5, 1, 40, 2)}},
			{Kind: "ex/api.Config", Reconciler: "ex/ctrl.ConfigReconciler", Code: []Position{span("/m/ctrl/config.go", 5, 1, 40, 2)}},
		},
		Edges: []Edge{
			{From: "ex/api.App", To: "k8s/apps.Deployment", Relation: Owns, At: []Position{span("/m/ctrl/app.go", 30, 3, 30, 40)}},
			{From: "ex/api.App", To: "k8s/apps.Deployment", Relation: Watches, Detail: "Owns", At: []Position{span("/m/ctrl/app.go", 12, 4, 12, 30)}},
			{From: "ex/api.App", To: "k8s/core.Secret", Relation: Owns, At: []Position{span("/m/ctrl/app.go", 50, 3, 52, 4)}},
			{From: "ex/api.App", To: "ex/api.Worker", Relation: Owns, At: []Position{span("/m/ctrl/app.go", 60, 3, 60, 50)}},
			{From: "ex/api.Worker", To: "ex/api.App", Relation: LooksUp, Detail: "Get", IfOwner: true, At: []Position{span("/m/ctrl/worker.go", 20, 9, 20, 40)}},
			{From: "ex/api.Config", To: "k8s/core.Secret", Relation: LooksUp, Detail: "Get", IfOwner: true, At: []Position{span("/m/ctrl/config.go", 20, 9, 20, 40)}},
			{From: "ex/api.Config", To: "ex/api.App", Relation: LooksUp, Detail: "Get", IfOwner: true, At: []Position{span("/m/ctrl/config.go", 22, 9, 22, 40)}},
			{From: "ex/api.App", To: "ex/api.Worker", Relation: LooksUp, Detail: "Get", IfOwner: true, At: []Position{span("/m/ctrl/app.go", 70, 9, 70, 40)}},
		},
		Funcs: []Func{{ID: "ex/ctrl.Backup", Name: "ctrl.Backup", Span: span("/m/ctrl/backup.go", 3, 1, 9, 2)}},
	}
}

func TestPlace(t *testing.T) {
	findings := []Finding{
		{Rule: "ownschildren", Message: "unwatched", Pos: at("/m/ctrl/app.go", 51, 10)},
		{Rule: "finalizerblock", Message: "stuck", Pos: at("/m/ctrl/worker.go", 25, 3), Related: []Position{at("/m/ctrl/worker.go", 20, 9)}},
		{Rule: "driftgate", Message: "gate", Pos: at("/m/ctrl/app.go", 20, 2)},
		{Rule: "blockownerdeletion", Message: "literal", Pos: at("/m/ctrl/backup.go", 5, 8)},
		{Rule: "adapterdeletion", Message: "elsewhere", Pos: at("/m/other.go", 1, 1)},
	}
	g := Build([]*Fragment{fragment()}, findings, "/m")
	where := make(map[string]string)
	for _, n := range g.Nodes {
		for _, f := range n.Findings {
			where[f.Rule] = "node " + n.Label
		}
	}
	for _, e := range g.Edges {
		for _, f := range e.Findings {
			where[f.Rule] = "edge " + e.From + " " + string(e.Relation) + " " + e.To
		}
	}
	want := map[string]string{
		"ownschildren":       "edge ex/api.App owns k8s/core.Secret",
		"finalizerblock":     "edge ex/api.Worker looks up ex/api.App", // by its related lookup
		"driftgate":          "node App",                               // in the controller's code
		"blockownerdeletion": "node ctrl.Backup",                       // in a function of no kind
		"adapterdeletion":    "node other.go",
	}
	for rule, w := range want {
		if where[rule] != w {
			t.Errorf("%s placed on %q, want %q", rule, where[rule], w)
		}
	}
	lookups := make(map[string]bool)
	for _, e := range g.Edges {
		if e.Relation == LooksUp {
			lookups[e.From+" "+e.To] = true
		}
		for _, p := range e.At {
			if strings.HasPrefix(p.File, "/") {
				t.Errorf("position %s not relative to the directory", p)
			}
		}
	}
	// Drawn: the Worker's Get of its owner, the Config's of a kind the
	// operator reconciles. Left out: the Config's of a Secret (a
	// dependency), the App's of its own Worker (a child read back).
	wantLookups := map[string]bool{"ex/api.Worker ex/api.App": true, "ex/api.Config ex/api.App": true}
	if !maps.Equal(lookups, wantLookups) {
		t.Errorf("lookups drawn: %v, want %v", lookups, wantLookups)
	}
	if countFindings(g) != len(findings) {
		t.Errorf("%d findings on the graph, want %d", countFindings(g), len(findings))
	}
}

// TestOneFunctionOneIdentity: two functions of the same name in two
// packages of the same name are two nodes, each with its own finding, and
// their labels tell them apart.
func TestOneFunctionOneIdentity(t *testing.T) {
	frag := &Fragment{Funcs: []Func{
		{ID: "ex/a/ctrl.Backup", Name: "ctrl.Backup", Span: span("/m/a/ctrl/backup.go", 3, 1, 9, 2)},
		{ID: "ex/b/ctrl.Backup", Name: "ctrl.Backup", Span: span("/m/b/ctrl/backup.go", 3, 1, 9, 2)},
	}}
	findings := []Finding{
		{Rule: "blockownerdeletion", Message: "a", Pos: at("/m/a/ctrl/backup.go", 5, 8)},
		{Rule: "blockownerdeletion", Message: "b", Pos: at("/m/b/ctrl/backup.go", 5, 8)},
	}
	g := Build([]*Fragment{frag}, findings, "/m")
	got := make(map[string]string)
	for _, n := range g.Nodes {
		for _, f := range n.Findings {
			got[f.Message] = n.Label
		}
	}
	want := map[string]string{"a": "ex/a/ctrl.Backup", "b": "ex/b/ctrl.Backup"}
	if !maps.Equal(got, want) {
		t.Errorf("findings placed on %v, want %v", got, want)
	}
}

// TestLabels: a kind's label is its name, qualified when two kinds share it.
func TestLabels(t *testing.T) {
	f := &Fragment{Edges: []Edge{
		{From: "ex/api/v1.Cluster", To: "ex/api/v2.Cluster", Relation: Owns},
		{From: "ex/api/v1.Cluster", To: "other/infra.Cluster", Relation: Owns},
		{From: "ex/api/v1.Cluster", To: "k8s/core.Secret", Relation: Owns},
	}}
	g := Build([]*Fragment{f}, nil, "")
	var got []string
	for _, n := range g.Nodes {
		got = append(got, n.Label)
	}
	if want := "api/v1.Cluster api/v2.Cluster Secret infra.Cluster"; strings.Join(got, " ") != want {
		t.Errorf("labels %q, want %q", strings.Join(got, " "), want)
	}
}

// TestGroupKinds: the Go types of one GroupKind (two API versions) are one
// node, named by its GroupKind, with both types; a kind of another group
// with the same name is another node, and both are labelled by their
// GroupKinds; a kind whose group is unknown keeps its Go type's key.
func TestGroupKinds(t *testing.T) {
	f := &Fragment{
		Controllers: []Controller{{Kind: "ex/api/v1.Cluster", Reconciler: "ex/ctrl.ClusterReconciler"}},
		Edges: []Edge{
			{From: "ex/api/v1.Cluster", To: "k8s/core.Secret", Relation: Owns, At: []Position{at("/m/a.go", 1, 1)}},
			{From: "ex/api/v2.Cluster", To: "k8s/core.Secret", Relation: Owns, At: []Position{at("/m/b.go", 1, 1)}},
			{From: "ex/api/v2.Cluster", To: "other/infra.Cluster", Relation: Owns},
			{From: "ex/api/v2.Cluster", To: "ex/api/v1.Bucket", Relation: Deletes},
		},
		GroupKinds: map[string]string{
			"ex/api/v1.Cluster":   "Cluster.ex.io",
			"ex/api/v2.Cluster":   "Cluster.ex.io",
			"other/infra.Cluster": "Cluster.infra.io",
			"k8s/core.Secret":     "Secret",
		},
	}
	g := Build([]*Fragment{f}, nil, "/m")
	var nodes, edges []string
	for _, n := range g.Nodes {
		nodes = append(nodes, fmt.Sprintf("%s %s %s %v", n.ID, n.Label, n.Type, n.Types))
	}
	for _, e := range g.Edges {
		edges = append(edges, fmt.Sprintf("%s %s %s %d", e.From, e.Relation, e.To, len(e.At)))
	}
	wantNodes := []string{
		"Cluster.ex.io Cluster.ex.io reconciled [ex/api/v1.Cluster ex/api/v2.Cluster]",
		"Cluster.infra.io Cluster.infra.io kind [other/infra.Cluster]",
		"Secret Secret kind [k8s/core.Secret]",
		"ex/api/v1.Bucket Bucket kind []",
	}
	wantEdges := []string{
		"Cluster.ex.io owns Cluster.infra.io 0",
		"Cluster.ex.io owns Secret 2",
		"Cluster.ex.io deletes ex/api/v1.Bucket 0",
	}
	if !slices.Equal(nodes, wantNodes) || !slices.Equal(edges, wantEdges) {
		t.Errorf("nodes:\n%s\nedges:\n%s\nwant nodes:\n%s\nedges:\n%s", strings.Join(nodes, "\n"), strings.Join(edges, "\n"),
			strings.Join(wantNodes, "\n"), strings.Join(wantEdges, "\n"))
	}
	if n, err := g.Focus("ex/api/v2.Cluster", 0); err != nil || len(n.Nodes) != 1 || n.Nodes[0].ID != "Cluster.ex.io" {
		t.Errorf("Focus by a Go type of the merged kind: %v, %v", n, err)
	}
}

// TestDeterministic: the same fragments and findings in another order draw
// the same bytes.
func TestDeterministic(t *testing.T) {
	render := func(reverse bool) string {
		f := fragment()
		if reverse {
			for i, j := 0, len(f.Edges)-1; i < j; i, j = i+1, j-1 {
				f.Edges[i], f.Edges[j] = f.Edges[j], f.Edges[i]
			}
		}
		var b bytes.Buffer
		g := Build([]*Fragment{f}, nil, "/m")
		for _, format := range Formats {
			if err := g.Write(&b, format); err != nil {
				t.Fatal(err)
			}
		}
		return b.String()
	}
	if a, b := render(false), render(true); a != b {
		t.Errorf("output depends on the order of the edges:\n%s\n---\n%s", a, b)
	}
}

// TestEscape: labels with quotes and angle brackets stay inside their
// quotes in Mermaid and DOT.
func TestEscape(t *testing.T) {
	g := Build([]*Fragment{{Edges: []Edge{{From: "a.A", To: "b.B", Relation: Owns}}}},
		[]Finding{{Rule: "r", Message: `say "x" <y> \z`, Pos: at(`we"ird<x>.go`, 1, 1)}}, "")
	var m, d bytes.Buffer
	if err := g.Mermaid(&m); err != nil {
		t.Fatal(err)
	}
	if err := g.DOT(&d); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.String(), `tooltip="we\"ird<x>.go:1:1: r: say \"x\" <y> \\z"`) {
		t.Errorf("DOT tooltip not escaped:\n%s", d.String())
	}
	if !strings.Contains(m.String(), "we#quot;ird#lt;x#gt;.go:1") {
		t.Errorf("Mermaid label not escaped:\n%s", m.String())
	}
}

func TestFocus(t *testing.T) {
	g := Build([]*Fragment{fragment()}, nil, "/m")
	f, err := g.Focus("worker", 1)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, n := range f.Nodes {
		ids = append(ids, n.ID)
	}
	if got := strings.Join(ids, " "); got != "ex/api.App ex/api.Worker" {
		t.Errorf("-focus worker: nodes %s", got)
	}
	if _, err := g.Focus("nosuch", 1); err == nil || !strings.Contains(err.Error(), "its kinds are App, Config, Deployment, Secret, Worker") {
		t.Errorf("-focus nosuch: %v", err)
	}
}

// countFindings counts the findings on g.
func countFindings(g *Graph) int {
	n := 0
	for _, x := range g.Nodes {
		n += len(x.Findings)
	}
	for _, e := range g.Edges {
		n += len(e.Findings)
	}
	return n
}

// TestGrantMerge: one arrow drawn by two packages is granted when either
// package's roles or markers grant it, not granted when neither does and
// one knows the roles, and unsaid when neither can tell.
func TestGrantMerge(t *testing.T) {
	edge := func(g Grant) *Fragment {
		e := Edge{From: "ex/api.App", To: "k8s/core.Secret", Relation: Deletes, At: []Position{at("/m/a.go", 1, 1)}, Grant: g}
		if g != "" {
			e.Needs = "delete"
		}
		return &Fragment{Edges: []Edge{e}}
	}
	for _, c := range []struct {
		a, b, want Grant
	}{
		{Granted, NotGranted, Granted},
		{NotGranted, Granted, Granted},
		{NotGranted, "", NotGranted},
		{"", NotGranted, NotGranted},
		{"", "", ""},
	} {
		g := Build([]*Fragment{edge(c.a), edge(c.b)}, nil, "/m")
		if len(g.Edges) != 1 {
			t.Fatalf("%d edges, want 1", len(g.Edges))
		}
		if e := g.Edges[0]; e.Grant != c.want || (c.want != "") != (e.Needs == "delete") {
			t.Errorf("%q and %q: grant %q, needs %q; want %q", c.a, c.b, e.Grant, e.Needs, c.want)
		}
	}
	var buf bytes.Buffer
	if err := Build([]*Fragment{edge(NotGranted)}, nil, "/m").Mermaid(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "✗ not granted: delete") {
		t.Errorf("Mermaid of a not granted arrow:\n%s\nwant a line ✗ not granted: delete", buf.String())
	}
}
