package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var updateGraphs = flag.Bool("update", false, "rewrite the golden graphs (testdata/graph)")

// graphCases is the testdata directory of the operators the graph tests
// draw: the topology analysis's test cases (each written for one shape: an
// owner chain three deep, a deadlock pair, an unwatched child, an owner
// looked up by name, a kind without finalizers, the roles' grants).
var graphCases = filepath.Join("..", "..", "analyzers", "internal", "topology", "testdata")

// graphGopath is the GOPATH tree TestMain makes of graphCases and the
// analyzers' shared stubs, as the topology analysis's own tests see them:
// each operator outside this repository, so that the roles it is drawn
// with are its own (topology/grants, a module with a role) or none.
var graphGopath string

// operators are the graph test cases, under topology/.
var operators = []string{"byname", "chain", "deadlock", "grants", "nofinalizer", "unwatched"}

// runGraph runs deletionlint graph with args in the graph GOPATH tree and
// returns its exit code, stdout and stderr.
func runGraph(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"graph"}, args...)...)
	cmd.Dir = filepath.Join(graphGopath, "src")
	cmd.Env = append(os.Environ(), "GOPATH="+graphGopath, "GO111MODULE=off", "GOFLAGS=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode(), stdout.String(), stderr.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, stdout.String(), stderr.String()
}

// TestGraphGolden draws each operator in each format and compares the
// output with testdata/graph/OPERATOR.{mmd,dot,json}; go test -update
// rewrites them.
func TestGraphGolden(t *testing.T) {
	exts := map[string]string{"mermaid": "mmd", "dot": "dot", "json": "json"}
	for _, op := range operators {
		for format, ext := range exts {
			t.Run(op+"."+ext, func(t *testing.T) {
				t.Parallel()
				code, out, errs := runGraph(t, "-format="+format, "./topology/"+op+"/...")
				if code != 0 {
					t.Fatalf("exit %d: %s", code, errs)
				}
				golden := filepath.Join("testdata", "graph", op+"."+ext)
				if *updateGraphs {
					if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (go test -run TestGraphGolden -update writes it)", err)
				}
				if out != string(want) {
					t.Errorf("output differs from %s (go test -run TestGraphGolden -update rewrites it):\n%s", golden, out)
				}
			})
		}
	}
}

// jsonGraph is the JSON output, as far as the tests read it.
type jsonGraph struct {
	Nodes []struct {
		ID, Label, Type string
		Finalizer       bool
		Findings        []jsonFinding
	}
	Edges []struct {
		From, To, Relation, Detail string
		Findings                   []jsonFinding
		RBAC                       string `json:"rbac"`
		Needs                      string
	}
}

type jsonFinding struct {
	Rule, Category, Posn string
}

func drawJSON(t *testing.T, args ...string) jsonGraph {
	t.Helper()
	code, out, errs := runGraph(t, append([]string{"-format=json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var g jsonGraph
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	return g
}

// edges lists the graph's edges as "From -relation-> To [rule/category
// file:line ...]", with kinds by label.
func (g jsonGraph) edges() []string {
	label := make(map[string]string)
	for _, n := range g.Nodes {
		label[n.ID] = n.Label
	}
	var out []string
	for _, e := range g.Edges {
		s := label[e.From] + " -" + e.Relation
		if e.Detail != "" {
			s += " (" + e.Detail + ")"
		}
		s += "-> " + label[e.To]
		for _, f := range e.Findings {
			s += " [" + f.Rule + "/" + f.Category + " " + filepath.Base(f.Posn) + "]"
		}
		if e.RBAC == "not granted" {
			s += " {not granted: " + e.Needs + "}"
		}
		out = append(out, s)
	}
	return out
}

// TestGraphShapes says what each operator's graph must show, the goldens
// aside: each finding on the edge it is about, and no problem on the clean
// operators.
func TestGraphShapes(t *testing.T) {
	want := map[string][]string{
		"byname": {
			"Gateway -owns-> Listener",
			"Gateway -watches (Owns)-> Listener",
			"Listener -looks up (Get)-> Gateway [ownerbyref/get byname.go:87:12]",
		},
		"chain": {
			"Fleet -owns-> Squadron",
			"Fleet -watches (Owns)-> Squadron",
			"Ship -owns-> ConfigMap",
			"Ship -watches (Owns)-> ConfigMap",
			"Squadron -owns-> Ship",
			"Squadron -watches (Owns)-> Ship",
		},
		"deadlock": {
			"Member -looks up (Get)-> Pool",
			"Member -waits for-> Pool [finalizerblock/deadlock member.go:40:4]",
			"Pool -owns-> Member",
			"Pool -watches (Owns)-> Member",
			"Pool -deletes-> Member",
			"Pool -waits for-> Member [finalizerblock/deadlock pool.go:63:3]",
		},
		"grants": {
			"Kiosk -deletes-> ConfigMap",
			"Store -owns-> ConfigMap {not granted: create}",
			"Store -watches (Owns)-> ConfigMap",
			"Store -owns-> Deployment [finalizersrbac/missing-finalizers-grant grants.go:81:12]",
			"Store -watches (Owns)-> Deployment",
			"Store -deletes-> PersistentVolumeClaim",
			"Store -deletes-> Secret {not granted: delete}",
		},
		"nofinalizer": {
			"Dashboard -owns-> ConfigMap",
			"Dashboard -watches (Owns)-> ConfigMap",
			"Dashboard -owns-> Service",
			"Dashboard -watches (Owns)-> Service",
		},
		"unwatched": {
			"Vault -owns-> Secret [ownschildren/unwatched-child unwatched.go:54:12]",
		},
	}
	finalizers := map[string]string{"byname": "", "chain": "Fleet", "deadlock": "Member,Pool", "grants": "Kiosk,Store", "nofinalizer": "", "unwatched": ""}
	for _, op := range operators {
		t.Run(op, func(t *testing.T) {
			t.Parallel()
			g := drawJSON(t, "./topology/"+op+"/...")
			if got := g.edges(); strings.Join(got, "\n") != strings.Join(want[op], "\n") {
				t.Errorf("edges:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want[op], "\n"))
			}
			var fin []string
			for _, n := range g.Nodes {
				if n.Finalizer {
					fin = append(fin, n.Label)
				}
				if len(n.Findings) > 0 {
					t.Errorf("node %s has findings %v: each must be on its edge", n.Label, n.Findings)
				}
			}
			if got := strings.Join(fin, ","); got != finalizers[op] {
				t.Errorf("kinds with a finalizer: %q, want %q", got, finalizers[op])
			}
		})
	}
}

// TestGraphCleanHasNoProblemMarks: the operators without findings draw
// with no problem styling in any format.
func TestGraphCleanHasNoProblemMarks(t *testing.T) {
	marks := map[string][]string{"mermaid": {" problem\n", "linkStyle"}, "dot": {"penwidth=3"}, "json": {`"findings"`}}
	for _, op := range []string{"chain", "nofinalizer"} {
		for format, ms := range marks {
			code, out, errs := runGraph(t, "-format="+format, "./topology/"+op+"/...")
			if code != 0 {
				t.Fatalf("%s -format=%s: exit %d: %s", op, format, code, errs)
			}
			for _, m := range append(ms, "⚠") {
				if strings.Contains(out, m) {
					t.Errorf("%s -format=%s has a problem mark (%q):\n%s", op, format, m, out)
				}
			}
		}
	}
}

// TestGraphFocus draws one kind's neighbourhood: -focus takes a kind's
// name in any case, and -depth widens it.
func TestGraphFocus(t *testing.T) {
	g := drawJSON(t, "-focus", "squadron", "./topology/chain/...")
	want := "Fleet -owns-> Squadron\nFleet -watches (Owns)-> Squadron\nSquadron -owns-> Ship\nSquadron -watches (Owns)-> Ship"
	if got := strings.Join(g.edges(), "\n"); got != want {
		t.Errorf("-focus squadron:\n%s\nwant:\n%s", got, want)
	}
	g = drawJSON(t, "-focus", "Fleet", "-depth", "2", "./topology/chain/...")
	if len(g.Nodes) != 3 {
		t.Errorf("-focus Fleet -depth 2: %d nodes, want Fleet, Squadron and Ship", len(g.Nodes))
	}
}

// TestGraphHelp: -h prints the usage once, with the graph's own flags.
func TestGraphHelp(t *testing.T) {
	code, _, errs := runGraph(t, "-h")
	if code != 0 || strings.Count(errs, "Usage:") != 1 || !strings.Contains(errs, "-focus") {
		t.Errorf("graph -h: exit %d, stderr:\n%s", code, errs)
	}
}

// TestGraphErrors: a bad flag is a usage error (exit 2) naming it; an
// unknown -focus kind fails (exit 1) listing the kinds.
func TestGraphErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-format=svg", "./topology/chain/..."}, 2, `-format: unknown format "svg" (want mermaid, dot, json)`},
		{[]string{"-depth=0", "-focus=Fleet", "./topology/chain/..."}, 2, "-depth: 0"},
		{[]string{"-nosuch", "./topology/chain/..."}, 2, "flag provided but not defined: -nosuch"},
		{[]string{"-focus=Armada", "./topology/chain/..."}, 1, "-focus Armada: no such kind in the graph; its kinds are ConfigMap, Fleet, Ship, Squadron"},
	} {
		code, out, errs := runGraph(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) || (c.code == 2 && out != "") {
			t.Errorf("graph %q: exit %d, stderr %q, stdout %q; want exit %d and %q", c.args, code, errs, out, c.code, c.want)
		}
	}
}
