// Package p has two names the test analyzer wants changed.
package p

var badOne = 1

// Sum uses both names.
func Sum() int { return badOne + badTwo }

var badTwo = 2
