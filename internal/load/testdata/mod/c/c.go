// Package c is at the bottom of the fixture's import graph.
package c

// T is a type that reaches a through two paths.
type T struct{ N int }

// New returns a T.
func New() T { return T{N: 1} }
