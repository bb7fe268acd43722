package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// editFile is the file the benchmark writes into each root package.
const editFile = "zz_bench_edit.go"

// An editor edits every root package of a target before each timed run, as
// a developer's change before a presubmit would: the build cache keeps the
// dependencies (compiled, and their vet results and facts), while the roots,
// and those among them that import edited ones, are compiled and analysed
// again. Without it go vet would serve the whole run from its result cache.
// An interrupted benchmark leaves the edit files behind; the next run of
// the target overwrites them, and removes them when it is done.
type editor struct {
	listed int      // packages matched by the patterns
	files  []string // the edit file of each root package with Go files
	names  []string // the package name of each
	suffix string   // random, so that no two runs of the benchmark write the same source
	n      int      // the edits so far
}

// newEditor lists the root packages of t.
func newEditor(t target) (*editor, error) {
	out, err := goOutput(t.dir, append([]string{"list", "-e", "-f", "{{.Dir}}\t{{.Name}}\t{{len .GoFiles}}{{len .CgoFiles}}"}, t.patterns...)...)
	if err != nil {
		return nil, fmt.Errorf("listing the root packages: %v", err)
	}
	e := &editor{suffix: fmt.Sprintf("%08x", rand.Uint32())}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Split(line, "\t")
		if len(fields) != 3 {
			continue
		}
		e.listed++
		if fields[1] == "" || fields[2] == "00" { // no non-test Go files
			continue
		}
		e.files = append(e.files, filepath.Join(fields[0], editFile))
		e.names = append(e.names, fields[1])
	}
	if len(e.files) == 0 {
		return nil, fmt.Errorf("no root package with Go files in %s %s", t.dir, strings.Join(t.patterns, " "))
	}
	return e, nil
}

// edit writes each root package's edit file with a new constant value.
func (e *editor) edit() error {
	e.n++
	for i, f := range e.files {
		src := fmt.Sprintf("package %s\n\nconst benchEdit%s = %d\n", e.names[i], e.suffix, e.n)
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			return fmt.Errorf("editing a root package: %v", err)
		}
	}
	return nil
}

// remove deletes the edit files.
func (e *editor) remove() error {
	var errs []error
	for _, f := range e.files {
		if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
