package p

import "testing"

// The test file makes a test variant of p, which holds p.go again: its
// findings must be listed once in every format.
func TestSum(t *testing.T) {
	if Sum() != 3 {
		t.Fatal(Sum())
	}
}
