// Package clean has nothing to report.
package clean

// F does nothing.
func F() {}
