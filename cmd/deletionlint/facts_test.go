package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// factPackages are packages of the analyzers' test cases whose analysis
// exports facts of every kind: resolvers and visitors (depnotfound),
// deletion checks, helpers returning owner references, children and
// builders across packages, deletion code. Each is the GOPATH of one
// analyzer's tests (its testdata directory, relative to analyzers/) and a
// pattern in it.
var factPackages = []struct{ gopath, pattern string }{
	{"adapterdeletion/testdata", "adapterdeletion/..."},
	{"internal/facts/depnotfound/testdata", "depnotfound/..."},
	{"internal/facts/isdeleting/testdata", "isdeleting/..."},
	{"blockownerdeletion/testdata", "blockownerdeletion/..."},
	{"ownschildren/testdata", "ownschildren/..."},
	{"finalizerblock/testdata", "finalizerblock/..."},
	{"foregrounddeletion/testdata", "foregrounddeletion/..."},
}

// TestVetFactsDeterministic runs the vet-tool protocol twice on the same
// packages, each time from a clean state (go vet cannot reuse a result: the
// tool reports a new build ID), and compares the fact files it writes byte
// for byte. Build systems that cache analysis results by their inputs, such
// as go vet's cache and Bazel's nogo, rely on it.
func TestVetFactsDeterministic(t *testing.T) {
	first := vetFacts(t)
	second := vetFacts(t)
	if len(first) == 0 {
		t.Fatal("go vet wrote no fact files")
	}
	nonEmpty := 0
	for pkg, facts := range first {
		if len(facts) > 0 {
			nonEmpty++
		}
		other, ok := second[pkg]
		if !ok {
			t.Errorf("%s: facts in the first run only", pkg)
			continue
		}
		if !bytes.Equal(facts, other) {
			t.Errorf("%s: the fact files differ between two runs (%d and %d bytes)", pkg, len(facts), len(other))
		}
	}
	for pkg := range second {
		if _, ok := first[pkg]; !ok {
			t.Errorf("%s: facts in the second run only", pkg)
		}
	}
	if nonEmpty < 5 {
		t.Errorf("only %d packages have facts: the corpus no longer exercises them", nonEmpty)
	}
}

var workLine = regexp.MustCompile(`(?m)^WORK=(\S+)$`)

// vetFacts runs go vet with deletionlint as its tool on factPackages and
// returns the fact file written for each package, by GOPATH and import
// path. The tool is a wrapper reporting a build ID of its own, so
// that go vet analyses every package again instead of using its cache;
// go vet -work keeps the files.
func vetFacts(t *testing.T) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	tool := filepath.Join(dir, "vettool")
	nonce := fmt.Sprintf("%x%d", os.Getpid(), time.Now().UnixNano())
	script := fmt.Sprintf("#!/bin/sh\nif [ \"$1\" = -V=full ]; then echo \"deletionlint version devel buildID=%s\"; exit 0; fi\nexec %q \"$@\"\n", nonce, bin)
	if err := os.WriteFile(tool, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out := make(map[string][]byte)
	for _, fp := range factPackages {
		gopath, err := filepath.Abs(filepath.Join("..", "..", "analyzers", fp.gopath))
		if err != nil {
			t.Fatal(err)
		}
		for pkg, facts := range vetFactsIn(t, tool, gopath, fp.pattern) {
			out[fp.gopath+": "+pkg] = facts
		}
	}
	return out
}

// stubs returns the GOPATH tree of the stub packages the analyzers' test
// cases import, which each run puts after the cases' own tree.
func stubs(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "analyzers", "internal", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// vetFactsIn runs go vet with tool on pattern in the GOPATH tree gopath and
// returns the fact file written for each package, by import path.
func vetFactsIn(t *testing.T, tool, gopath, pattern string) map[string][]byte {
	t.Helper()
	cmd := exec.Command("go", "vet", "-work", "-vettool="+tool, pattern)
	cmd.Dir = filepath.Join(gopath, "src")
	cmd.Env = append(os.Environ(), "GOPATH="+gopath+string(filepath.ListSeparator)+stubs(t), "GO111MODULE=off", "GOFLAGS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run() // exit 1: the test cases have findings
	m := workLine.FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("go vet -work printed no WORK directory (%v):\n%s", err, stderr.String())
	}
	work := m[1]
	t.Cleanup(func() {
		if err := os.RemoveAll(work); err != nil {
			t.Error(err)
		}
	})
	cfgs, err := filepath.Glob(filepath.Join(work, "b*", "vet.cfg"))
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string][]byte)
	for _, cfg := range cfgs {
		data, err := os.ReadFile(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			ImportPath string
			VetxOutput string
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", cfg, err)
		}
		facts, err := os.ReadFile(c.VetxOutput)
		if os.IsNotExist(err) {
			continue // a package of the corpus that does not type-check on purpose
		}
		if err != nil {
			t.Fatal(err)
		}
		out[c.ImportPath] = facts
	}
	return out
}
