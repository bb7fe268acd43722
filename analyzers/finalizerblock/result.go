package finalizerblock

import "go/ast"

// Result is the analyzer's result: the waits in the package's deletion
// code, with where each is, for the deletion graph (deletionlint graph).
// Nil for a package with no deletion code.
type Result struct {
	Waits []PlacedWait
}

// A PlacedWait is a Wait and the return that keeps the waiter's finalizer.
type PlacedWait struct {
	Wait
	At ast.Node
}

func newResult(local []localWait) *Result {
	r := &Result{}
	for _, w := range local {
		r.Waits = append(r.Waits, PlacedWait{Wait: w.Wait, At: w.at})
	}
	return r
}
