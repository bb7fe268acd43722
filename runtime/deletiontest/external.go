package deletiontest

import (
	"fmt"
	"slices"
	"sync"
)

// External is an in-memory stand-in for an external system (a cloud API)
// that records every resource a controller creates and deletes, for the
// leak check. It is safe for concurrent use.
type External struct {
	mu   sync.Mutex
	next int
	live map[string]string // ID to description
}

// NewExternal returns an empty External.
func NewExternal() *External { return &External{live: map[string]string{}} }

// Create records a new resource described by what and returns its ID.
func (x *External) Create(what string) string {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.next++
	id := fmt.Sprintf("ext-%d", x.next)
	x.live[id] = what
	return id
}

// Delete removes resource id; deleting a missing resource is an error, as
// in most cloud APIs.
func (x *External) Delete(id string) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if _, ok := x.live[id]; !ok {
		return fmt.Errorf("external resource %s not found", id)
	}
	delete(x.live, id)
	return nil
}

// Exists reports whether resource id exists.
func (x *External) Exists(id string) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	_, ok := x.live[id]
	return ok
}

// Leaked returns the resources not deleted, as "ID (description)", sorted.
func (x *External) Leaked() []string {
	x.mu.Lock()
	defer x.mu.Unlock()
	var out []string
	for id, what := range x.live {
		out = append(out, fmt.Sprintf("%s (%s)", id, what))
	}
	slices.Sort(out)
	return out
}

// NoLeaks fails t when x still holds resources: after a deletion scenario
// every external resource must have been deleted.
func NoLeaks(t TB, x *External) {
	t.Helper()
	if leaked := x.Leaked(); len(leaked) > 0 {
		t.Fatalf("leak check: %d external resource(s) not deleted: %v", len(leaked), leaked)
	}
}
