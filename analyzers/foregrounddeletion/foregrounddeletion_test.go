package foregrounddeletion_test

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/foregrounddeletion"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

func TestUnobservedDelete(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/unobserved")
	// Reported at the call of the helper that deletes: the helper's Delete
	// and the finalizer removal are named.
	for _, r := range results {
		for _, d := range r.Diagnostics {
			pos := r.Pass.Fset.Position(d.Pos)
			if filepath.Base(pos.Filename) != "helper_caller.go" || pos.Line != 24 {
				continue
			}
			var got []string
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, rel.Message))
			}
			want := []string{"helper_caller.go:27: the finalizer removal", "helper.go:17: the Delete"}
			if !slices.Equal(got, want) {
				t.Errorf("related information:\n got %q\nwant %q", got, want)
			}
			return
		}
	}
	t.Error("no finding at helper_caller.go:24")
}

func TestObservedDelete(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/observed")
}

func TestIgnoredPolicy(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/policy")
}

func TestPolicyRead(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/policyread")
}

// TestJobDeletes: a Delete of a batch/v1 Job (or of an unstructured object
// whose kind comes from data) without a propagation policy orphans the
// Job's Pods; with a policy, or options given by the caller, it is silent.
func TestJobDeletes(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/jobs")
}

// TestReleasedFirst: a built-in object whose only finalizer (the
// operator's own) the deletion releases before deleting it has nothing
// left to hold its deletion up.
func TestReleasedFirst(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/releasedfirst")
}

// TestForeignKind checks the category of each finding of the foreign case:
// only the Delete of another project's kind, whose failure is returned and
// which nothing here gives a finalizer, has the conditional category.
func TestForeignKind(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/foreign")
	got := map[int]string{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			got[r.Pass.Fset.Position(d.Pos).Line] = d.Category
		}
	}
	want := map[int]string{40: "unobserved-foreign-kind", 48: "unobserved", 55: "unobserved", 63: "unobserved", 68: "unobserved"}
	if !maps.Equal(got, want) {
		t.Errorf("categories by line:\n got %v\nwant %v", got, want)
	}
}

// TestSameName: a passed-on Delete is reported where the package sets up
// the deleting controller, known by its package and name, not at another
// package's controller of the same name whose package brings it too.
func TestSameName(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer, "foregrounddeletion/samename/manager")
}

// TestSiblings: a Shelf controller that deletes Reports, a kind of its own
// project that a sibling package's controller gives a finalizer, is
// reported by the package that sets up both, where it sets up the Shelf
// controller; nothing is reported in its own package, in a package that
// sets it up alone, for the Tags nothing gives a finalizer, for the
// Bookcase that owns the Shelf, or for the Ledger whose Delete a directive
// silences. The finding names, in the package it is about, the call that
// deletes, the finalizer removal and the Delete.
func TestSiblings(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), foregrounddeletion.Analyzer,
		"foregrounddeletion/siblings/shelfctrl", "foregrounddeletion/siblings/reportctrl", "foregrounddeletion/siblings/manager", "foregrounddeletion/siblings/shelfonly")
	for _, r := range results {
		for _, d := range r.Diagnostics {
			var got []string
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, rel.Message))
			}
			want := []string{"shelfctrl.go:33: the call that deletes", "shelfctrl.go:49: the finalizer removal", "shelfctrl.go:60: the Delete"}
			if !slices.Equal(got, want) {
				t.Errorf("related information:\n got %q\nwant %q", got, want)
			}
		}
	}
}
