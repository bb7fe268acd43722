//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecord: a second run of one binary on one copy reads the findings
// back; another binary, or other patterns, run again; a failed run is not
// kept.
func TestRecord(t *testing.T) {
	dir, scratch := t.TempDir(), t.TempDir()
	runs := filepath.Join(dir, "runs")
	script := func(name, out string) string {
		bin := filepath.Join(dir, name)
		src := "#!/bin/sh\necho x >> " + runs + "\n" + out + "\n"
		if err := os.WriteFile(bin, []byte(src), 0o755); err != nil {
			t.Fatal(err)
		}
		return bin
	}
	count := func() int {
		data, _ := os.ReadFile(runs)
		return strings.Count(string(data), "x")
	}
	finding := `echo '{"p":{"ownschildren":[{"posn":"` + dir + `/a.go:3:1","message":"m"}]}}'; exit 3`
	bin := script("one", finding)
	rec, err := newRecord(bin, scratch)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{1, 1} {
		fs, err := rec.run(bin, dir, []string{"ownschildren"}, []string{"./..."})
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) != 1 || fs[0].Posn != "a.go:3:1" {
			t.Fatalf("run %d: findings %+v, want one at a.go:3:1", i, fs)
		}
		if got := count(); got != want {
			t.Errorf("run %d: the binary ran %d times, want %d", i, got, want)
		}
	}
	if !rec.has(dir, []string{"ownschildren"}, []string{"./..."}) || rec.has(dir, []string{"ownschildren"}, []string{"./cmd/..."}) {
		t.Error("has: want the run made and not the other")
	}
	if _, err := rec.run(bin, dir, []string{"ownschildren"}, []string{"./cmd/..."}); err != nil || count() != 2 {
		t.Errorf("other patterns: err %v, runs %d, want a new run", err, count())
	}
	other := script("two", finding+" # another binary")
	rec2, err := newRecord(other, scratch)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec2.run(other, dir, []string{"ownschildren"}, []string{"./..."}); err != nil || count() != 3 {
		t.Errorf("another binary: err %v, runs %d, want a new run", err, count())
	}
	failing := script("three", "exit 1")
	rec3, err := newRecord(failing, scratch)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := rec3.run(failing, dir, nil, []string{"./..."}); err == nil {
			t.Error("a failing binary: no error")
		}
	}
	if count() != 5 {
		t.Errorf("a failed run was kept: %d runs, want 5", count())
	}
	if rec3.has(dir, nil, []string{"./..."}) {
		t.Error("has: a failed run is recorded")
	}
}
