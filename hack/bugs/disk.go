package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// buildCache is the Go build cache of a run of the benchmark: one of its
// own, under the scratch directory, so that emptying it between two bugs
// never pulls files from under another go command. Compiling every
// operator's dependencies at two commits fills tens of GB; with minFree
// GB or less left on its disk before a bug, it is emptied (the next bugs
// compile their dependencies again).
type buildCache struct {
	dir     string
	minFree float64 // GB; 0 never empties it
}

// use makes the go commands this process starts use the cache.
func (c buildCache) use() error {
	return os.Setenv("GOCACHE", c.dir)
}

// makeRoom empties the cache when its disk has minFree GB or less free.
func (c buildCache) makeRoom() error {
	if c.minFree <= 0 {
		return nil
	}
	free, ok := freeGB(c.dir)
	if !ok || free > c.minFree {
		return nil
	}
	fmt.Fprintf(os.Stderr, "bugs: %.1f GB free: emptying the build cache %s\n", free, c.dir)
	return os.RemoveAll(c.dir)
}

// claimCache returns the build cache of this run: the shared one under
// scratch, whose later runs find what earlier ones compiled, unless
// another run of the benchmark holds it, and then one of this run's own,
// removed by release. Either way no run empties a cache under another.
func claimCache(scratch string, minFree float64) (c buildCache, release func(), err error) {
	if err := os.MkdirAll(scratch, 0o755); err != nil {
		return buildCache{}, nil, err
	}
	shared := filepath.Join(scratch, "go-build")
	unlock, ok, err := lockFile(shared + ".lock")
	if err != nil {
		return buildCache{}, nil, err
	}
	if ok {
		return buildCache{dir: shared, minFree: minFree}, unlock, nil
	}
	own := shared + "." + strconv.Itoa(os.Getpid())
	fmt.Fprintf(os.Stderr, "bugs: another run holds %s: building in %s\n", shared, own)
	release = func() {
		if err := os.RemoveAll(own); err != nil {
			fmt.Fprintln(os.Stderr, "bugs:", err)
		}
	}
	return buildCache{dir: own, minFree: minFree}, release, nil
}
