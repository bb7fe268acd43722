package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMakeRoom(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "go-build")
	fill := func() {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, "00"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		minFree float64
		emptied bool
	}{
		{0, false},        // never
		{1e-9, false},     // the disk has more free
		{1e12, freeKnown}, // no disk has this much free
	} {
		fill()
		if err := (buildCache{dir: dir, minFree: tc.minFree}).makeRoom(); err != nil {
			t.Fatal(err)
		}
		_, err := os.Stat(dir)
		if emptied := os.IsNotExist(err); emptied != tc.emptied {
			t.Errorf("minFree %g: emptied %v, want %v", tc.minFree, emptied, tc.emptied)
		}
	}
}
