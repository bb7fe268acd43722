// Package a has a type error and a name the test analyzer reports.
package a

var badName = 1

func F() int { return "not an int" }
