//go:build unix

package main

import (
	"path/filepath"
	"testing"
)

const freeKnown = true

func TestFreeGBOfNewPath(t *testing.T) {
	if _, ok := freeGB(filepath.Join(t.TempDir(), "not", "yet")); !ok {
		t.Error("freeGB of a path not yet made: unknown, want its parent's")
	}
}
