// Package a imports b and c and mixes their types.
package a

import (
	"fmt"

	"example.com/m/b"
	"example.com/m/c"
)

// Same compiles only if b.Wrap's result and c.T are one type.
func Same() string {
	var t c.T = b.Wrap()
	return fmt.Sprint(t.N)
}
