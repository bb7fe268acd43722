//go:build unix

package main

import (
	"os"
	"path/filepath"
	"testing"
)

const freeKnown = true

func TestFreeGBOfNewPath(t *testing.T) {
	if _, ok := freeGB(filepath.Join(t.TempDir(), "not", "yet")); !ok {
		t.Error("freeGB of a path not yet made: unknown, want its parent's")
	}
}

// TestClaimCache: a second run while the first holds the shared cache
// builds in one of its own, removed at its end; once the first run ends,
// the shared cache is free again.
func TestClaimCache(t *testing.T) {
	scratch := t.TempDir()
	shared := filepath.Join(scratch, "go-build")
	first, releaseFirst, err := claimCache(scratch, 15)
	if err != nil {
		t.Fatal(err)
	}
	if first.dir != shared {
		t.Fatalf("first run builds in %s, want %s", first.dir, shared)
	}
	second, releaseSecond, err := claimCache(scratch, 15)
	if err != nil {
		t.Fatal(err)
	}
	if second.dir == shared {
		t.Fatal("second run shares the cache the first holds")
	}
	if err := os.MkdirAll(second.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	releaseSecond()
	if _, err := os.Stat(second.dir); !os.IsNotExist(err) {
		t.Errorf("the second run's own cache is left: %v", err)
	}
	releaseFirst()
	third, releaseThird, err := claimCache(scratch, 15)
	if err != nil {
		t.Fatal(err)
	}
	defer releaseThird()
	if third.dir != shared {
		t.Errorf("after the first run, a run builds in %s, want %s", third.dir, shared)
	}
}
