// Package user imports a package that does not type-check.
package user

import "example.com/m/broken"

// M uses broken.
var M = broken.N
