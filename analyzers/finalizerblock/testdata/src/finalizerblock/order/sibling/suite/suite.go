// Package suite reproduces a package of integration tests: only its test
// files set the two controllers up, so the order is not reported here.
package suite
