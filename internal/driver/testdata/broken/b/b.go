// Package b imports the broken package.
package b

import "example.com/broken/a"

var badToo = a.F()
