// Package low is at the bottom: top sees its objects only through mid.
package low

// T is a type with a field and a method.
type T struct{ F int }

// M is a method: facts about it are seen by every importer, direct or not.
func (T) M() {}

// Exported is a function: a fact about it is seen by direct importers only.
func Exported() {}

func unexported() {}

// V is a variable, C a constant.
var V = 1

const C = 2

var _ = unexported
