// Package b imports c.
package b

import "example.com/m/c"

// Wrap returns c's T: through b's export data, a sees the same type.
func Wrap() c.T { return c.New() }
