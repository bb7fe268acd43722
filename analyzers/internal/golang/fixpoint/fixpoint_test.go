package fixpoint_test

import (
	"slices"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
)

// calls is a call graph: f calls calls[f]. reaches[f] is whether f reaches
// a function in seeds, directly or through its callees.
var calls = map[string][]string{
	"a": {"b"},
	"b": {"c", "a"}, // a cycle: a -> b -> a
	"c": {"d"},
	"d": nil,
	"e": {"e"}, // calls only itself
	"f": {"a", "e"},
}

func reaches(keys []string, seeds ...string) map[string]bool {
	r := make(map[string]bool)
	for _, s := range seeds {
		r[s] = true
	}
	fixpoint.Solve(keys, func(f string) bool {
		if r[f] {
			return false
		}
		for _, g := range calls[f] {
			if r[g] {
				r[f] = true
				return true
			}
		}
		return false
	})
	return r
}

func TestSolve(t *testing.T) {
	// Keys in an order where each needs a later one: it takes sweeps.
	got := reaches([]string{"a", "b", "c", "d", "e", "f"}, "d")
	for f, want := range map[string]bool{"a": true, "b": true, "c": true, "d": true, "e": false, "f": true} {
		if got[f] != want {
			t.Errorf("reaches %s: got %v, want %v", f, got[f], want)
		}
	}
	if got := reaches(nil); len(got) != 0 {
		t.Errorf("no keys: got %v", got)
	}
}

// TestSolveStages checks that a later stage runs only once the earlier one
// is stable, and that a change it makes runs the first stage again.
func TestSolveStages(t *testing.T) {
	var log []string
	precise := map[int]bool{}
	coarse := map[int]bool{}
	fixpoint.Solve([]int{0, 1, 2},
		func(k int) bool {
			// Precise: k holds when k+1 does (coarse or precise).
			if !precise[k] && (precise[k+1] || coarse[k+1]) {
				precise[k] = true
				log = append(log, "precise")
				return true
			}
			return false
		},
		func(k int) bool {
			// Coarse: the last key holds, if nothing precise holds.
			if k == 2 && !coarse[k] && !precise[k] {
				coarse[k] = true
				log = append(log, "coarse")
				return true
			}
			return false
		})
	if !precise[0] || !precise[1] || precise[2] || !coarse[2] {
		t.Errorf("got precise %v, coarse %v", precise, coarse)
	}
	if want := []string{"coarse", "precise", "precise"}; !slices.Equal(log, want) {
		t.Errorf("order %v, want %v", log, want)
	}
}

// TestSolveBounded checks that a summary that never stops changing does
// not hang the loop.
func TestSolveBounded(t *testing.T) {
	n := 0
	fixpoint.Solve([]int{0, 1}, func(int) bool { n++; return true })
	if n == 0 || n > 1000 {
		t.Errorf("updates of an oscillating summary: %d", n)
	}
}

func TestTracker(t *testing.T) {
	keys := []string{"a", "b", "c", "d", "e", "f"}
	r := map[string]bool{"d": true}
	evals := make(map[string]int)
	tr := fixpoint.NewTracker(keys)
	tr.Solve(func(f string) bool {
		evals[f]++
		if r[f] {
			return false
		}
		for _, g := range calls[f] {
			tr.Read(g)
			if r[g] {
				r[f] = true
				return true
			}
		}
		return false
	})
	want := map[string]bool{"a": true, "b": true, "c": true, "d": true, "f": true}
	for _, k := range keys {
		if r[k] != want[k] {
			t.Errorf("reaches %s: got %v, want %v", k, r[k], want[k])
		}
	}
	// e reads only itself and never changes: evaluated once. d is a seed
	// that reads nothing: once.
	if evals["e"] != 1 || evals["d"] != 1 {
		t.Errorf("evaluations: %v", evals)
	}
}

// TestTrackerChanged checks that a cell other than a key marks its
// readers for evaluation.
func TestTrackerChanged(t *testing.T) {
	set := map[string]bool{}
	holds := map[int]bool{}
	tr := fixpoint.NewTracker([]int{0, 1})
	tr.Solve(func(k int) bool {
		switch k {
		case 0:
			tr.Read("names")
			if set["x"] && !holds[0] {
				holds[0] = true
				return true
			}
		case 1:
			if !set["x"] {
				set["x"] = true
				tr.Changed("names")
				return true
			}
		}
		return false
	})
	if !holds[0] {
		t.Error("key 0 was not evaluated again after the cell it read changed")
	}
	tr.Read("outside") // outside Solve: nothing happens
}
