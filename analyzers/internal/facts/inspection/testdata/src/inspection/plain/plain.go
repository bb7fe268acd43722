// Package plain imports nothing of Kubernetes: out of scope, no inspector.
package plain // want "no inspector"

import "strings"

// Upper is not controller code.
func Upper(s string) string { return strings.ToUpper(s) }
