package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/deletionlint/deletionlint/internal/validation"
)

// A record keeps the findings of each run of one deletionlint binary, so
// that a benchmark run that stops (the machine, the disk, the session)
// goes on where it stopped: a run of the same binary on the same copy of a
// module with the same rules and patterns reads them back instead of
// running again. A binary built from other code has other records.
type record struct {
	dir string // under the scratch directory, named by the binary's digest
}

// newRecord returns the record of the binary bin, under scratch.
func newRecord(bin, scratch string) (record, error) {
	data, err := os.ReadFile(bin)
	if err != nil {
		return record{}, err
	}
	sum := sha256.Sum256(data)
	return record{dir: filepath.Join(scratch, "findings", hex.EncodeToString(sum[:])[:16])}, nil
}

// run returns the findings of validation.Run(bin, dir, rules, patterns,
// flags...), from the record when it holds them. Failed runs are not
// kept: the next run tries again.
func (r record) run(bin, dir string, rules, patterns []string, flags ...string) ([]validation.Finding, error) {
	path := r.path(dir, rules, patterns, flags)
	if data, err := os.ReadFile(path); err == nil {
		var found []validation.Finding
		if err := json.Unmarshal(data, &found); err == nil {
			return found, nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	// Failed analyses are not printed: their package names would tell
	// the held-out half's bugs.
	found, _, err := validation.Run(bin, dir, rules, patterns, flags...)
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(found)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		return nil, err
	}
	// Written whole or not at all: a run stopped mid-write leaves no
	// record to misread.
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return nil, err
	}
	return found, os.Rename(tmp, path)
}

// path is where the record keeps the findings of a run on dir with rules,
// patterns and flags.
func (r record) path(dir string, rules, patterns, flags []string) string {
	key := sha256.Sum256([]byte(strings.Join([]string{dir, strings.Join(rules, ","), strings.Join(patterns, ","), strings.Join(flags, " ")}, "\n")))
	return filepath.Join(r.dir, hex.EncodeToString(key[:])+".json")
}

// has reports whether the record holds the findings of that run.
func (r record) has(dir string, rules, patterns []string, flags ...string) bool {
	_, err := os.Stat(r.path(dir, rules, patterns, flags))
	return err == nil
}
