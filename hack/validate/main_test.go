package main

import (
	"path/filepath"
	"reflect"
	"testing"
)

// TestCompare checks that a finding that only moved keeps its verdict, that
// new and vanished findings are reported, and that FN lines are kept.
func TestCompare(t *testing.T) {
	want := []entry{
		{"TP", "ownerbyref", "a.go:10", "m1", "why"},
		{"FP", "driftgate", "b.go:5", "m2", "why not"},
		{"FN", "ownschildren", "c.go:1", "miss", "reason"},
		{"TP", "finalizerblock", "e.go:7", "old words", "stuck"},
	}
	got := []entry{
		{"?", "ownerbyref", "a.go:12", "m1", ""},
		{"?", "finalizerblock", "d.go:3", "m3", ""},
		{"?", "finalizerblock", "e.go:7", "new words", ""},
	}
	merged, diff := compare(want, got)
	wantDiff := []string{
		"appeared  finalizerblock d.go:3: m3",
		"reworded  finalizerblock e.go:7: new words (was: old words)",
		"vanished  driftgate b.go:5: m2 (was FP: why not)",
	}
	if !reflect.DeepEqual(diff, wantDiff) {
		t.Errorf("diff = %q, want %q", diff, wantDiff)
	}
	wantMerged := []entry{
		{"TP", "ownerbyref", "a.go:12", "m1", "why"},
		{"FN", "ownschildren", "c.go:1", "miss", "reason"},
		{"?", "finalizerblock", "d.go:3", "m3", ""},
		{"TP", "finalizerblock", "e.go:7", "new words", "stuck"},
	}
	if !reflect.DeepEqual(merged, wantMerged) {
		t.Errorf("merged = %v, want %v", merged, wantMerged)
	}
}

// TestExpectRoundTrip checks that the expectation format reads back what it writes.
func TestExpectRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.txt")
	es := []entry{{"TP", "ownerbyref", "x/a.go:10", "a | b message", "reason"}}
	if err := writeExpect(path, project{module: "m", version: "v1"}, es); err != nil {
		t.Fatal(err)
	}
	got, err := readExpect(path)
	if err != nil || !reflect.DeepEqual(got, es) {
		t.Errorf("read back %v, %v; want %v", got, err, es)
	}
}
