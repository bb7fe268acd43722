// Package fixpoint is the one fixed-point loop of deletionlint's analyses.
//
// Every shared analysis summarises a package's functions (what a function
// creates, removes, returns, tests), and a function's summary depends on the
// summaries of the functions it calls, which may call it back. Such
// summaries are computed to a fixed point: each function's summary is
// computed again from what the others' are so far, until none changes.
// This package is that loop, written once.
//
// Summaries must only grow (each update adds to what it had, and there are
// finitely many things to add) for the loop to end. As a guard against a
// summary that does not, the loop stops after a bound on its sweeps that a
// growing summary never reaches; an analysis never hangs on odd code.
//
// Solve sweeps every key each time; a Tracker evaluates a key again only
// when a summary it read has changed, for analyses whose summaries are
// costly to compute.
package fixpoint

// Solve computes the summaries of keys to a fixed point. It sweeps the
// keys in order, calling stage(k) for each, until a sweep in which no
// call reports that k's summary changed.
//
// With several stages, a sweep runs the first stage over every key, then,
// if nothing changed, the second, and so on, and starts again from the
// first stage as soon as a stage changes something: a later stage sees
// the earlier ones' summaries complete (a precise answer before a coarse
// one that would otherwise be taken first).
func Solve[K any](keys []K, stages ...func(k K) bool) {
	run(len(keys), nil, func(s, i int) bool { return stages[s](keys[i]) }, len(stages))
}

// A Tracker solves like Solve, one stage, but evaluates a key again only
// when a cell it read, through Read, has changed since. A cell is any
// comparable value naming something a summary depends on: most often
// another key (its summary), sometimes a set the update looked in (the
// methods of one name). A key whose update reports a change is itself a
// changed cell; Changed marks other cells.
type Tracker[K comparable] struct {
	keys    []K
	readers map[any][]int // cell -> the keys (indexes) that read it
	reading int           // the key being evaluated, or -1
	dirty   []bool
}

// NewTracker returns a Tracker of keys, each to be evaluated at least once.
func NewTracker[K comparable](keys []K) *Tracker[K] {
	t := &Tracker[K]{keys: keys, readers: make(map[any][]int), reading: -1, dirty: make([]bool, len(keys))}
	for i := range t.dirty {
		t.dirty[i] = true
	}
	return t
}

// Read records that the key being evaluated reads cell. Outside Solve it
// does nothing.
func (t *Tracker[K]) Read(cell any) {
	if t.reading < 0 {
		return
	}
	list := t.readers[cell]
	if len(list) > 0 && list[len(list)-1] == t.reading {
		return
	}
	t.readers[cell] = append(list, t.reading)
}

// Changed marks for evaluation every key that has read cell.
func (t *Tracker[K]) Changed(cell any) {
	for _, i := range t.readers[cell] {
		t.dirty[i] = true
	}
}

// Solve calls update for each key to be evaluated, in order, in sweeps,
// until none is left. update(k) reports whether k's summary changed.
func (t *Tracker[K]) Solve(update func(k K) bool) {
	skip := func(i int) bool {
		if !t.dirty[i] {
			return true
		}
		t.dirty[i] = false
		return false
	}
	run(len(t.keys), skip, func(_, i int) bool {
		t.reading = i
		changed := update(t.keys[i])
		t.reading = -1
		if changed {
			t.Changed(t.keys[i])
		}
		return changed
	}, 1)
}

// maxSweeps bounds the sweeps of n keys: a summary that only grows changes
// a few times per key (a set of kinds, of parameters), far fewer than this.
func maxSweeps(n int) int { return 64*n + 64 }

// run is the loop: sweeps over n keys by stages, as Solve says, with skip
// (when not nil) leaving out a key in a sweep.
func run(n int, skip func(i int) bool, update func(stage, i int) bool, stages int) {
	for sweeps := 0; sweeps < maxSweeps(n); sweeps++ {
		changed := false
		for s := 0; s < stages && !changed; s++ {
			for i := range n {
				if skip != nil && skip(i) {
					continue
				}
				if update(s, i) {
					changed = true
				}
			}
		}
		if !changed {
			return
		}
	}
}
