// Package boolptr reproduces an operator's own pointer helpers, in a package of their own.
package boolptr

// True returns a pointer to true.
func True() *bool {
	t := true
	return &t
}

// False returns a pointer to false.
func False() *bool {
	f := false
	return &f
}
