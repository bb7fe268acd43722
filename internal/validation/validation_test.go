package validation

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCorpus(t *testing.T) {
	dir := t.TempDir()
	a := []Entry{
		{TP, "ownschildren", "a.go:1", "m", "r"},
		{TP, "ownschildren", "a.go:2", "m | with a bar", "r"},
		{FP, "ownschildren", "a.go:3", "m", "r"},
		{FN, "ownschildren", "a.go:4", "(miss)", "r"},
		{Fixed, "ownschildren", "a.go:5", "m", "r"},
		{Accepted, "finalizerblock", "b.go:1", "m", "r"},
		{Unreviewed, "finalizerblock", "b.go:2", "m", ""},
	}
	if err := Write(filepath.Join(dir, "a.txt"), "example.com/a", "v1.0.0", a); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "projects.txt"), []byte("a example.com/a v1.0.0 ./...\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	back, err := Read(filepath.Join(dir, "a.txt"))
	if err != nil || len(back) != len(a) || back[1] != a[1] {
		t.Fatalf("Read = %v, %v; want %v", back, err, a)
	}
	counts, err := Corpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	oc := counts["ownschildren"]
	if oc == nil || *oc != (Counts{TP: 2, FP: 1, FN: 1, Fixed: 1}) || oc.Reviewed() != 5 {
		t.Fatalf("ownschildren counts = %+v", oc)
	}
	if got := Percent(oc.Precision()); got != "67%" {
		t.Errorf("precision = %s, want 67%%", got)
	}
	if got := Percent(oc.Recall()); got != "67%" {
		t.Errorf("recall = %s, want 67%%", got)
	}
	fc := counts["finalizerblock"]
	if got := Percent(fc.Recall()); got != "100%" {
		t.Errorf("finalizerblock recall = %s, want 100%%", got)
	}
	if got := Percent((&Counts{}).Precision()); got != "-" {
		t.Errorf("empty precision = %s, want -", got)
	}
}

func TestBugResultsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.txt")
	if got, err := ReadBugResults(path); err != nil || len(got) != 0 {
		t.Fatalf("no file: %v, %v; want no results", got, err)
	}
	want := map[string]*BugCounts{"ownschildren": {Bugs: [2]int{3, 2}, Caught: [2]int{2, 1}, Silent: [2]int{2, 1}, Errors: [2]int{0, 1}}}
	if err := WriteBugResults(path, want); err != nil {
		t.Fatal(err)
	}
	got, err := ReadBugResults(path)
	if err != nil || len(got) != 1 || *got["ownschildren"] != *want["ownschildren"] {
		t.Fatalf("read back %v, %v; want %v", got, err, want)
	}
	if r, ok := got["ownschildren"].Recall(); !ok || r != 0.6 {
		t.Errorf("recall %v, want 0.6", r)
	}
}

// A failed run's error is what deletionlint printed besides its progress
// lines, which come first in a log.
func TestProgressLeftOutOfErrors(t *testing.T) {
	got := progress.ReplaceAllString("deletionlint: loading packages (the first run compiles their dependencies), 10 s\ngo: a module is refused\ndeletionlint: 2 findings, 3 s left\n", "")
	if want := "go: a module is refused\ndeletionlint: 2 findings, 3 s left\n"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
