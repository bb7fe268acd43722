// Package scenarios runs the example operator's two copies, buggy and fixed,
// against a real control plane through the deletion test kit
// (github.com/deletionlint/deletionlint/runtime/deletiontest), and shows for
// each deletionlint rule that the line reported in buggy/ is a bug at run
// time: the buggy copy fails the kit's scenario for it, with the message the
// test asserts, and the fixed copy passes the same scenario.
//
// The package has only tests. They need the control-plane binaries:
//
//	make example-scenarios   # in the repository root; builds them on first use
//
// or, by hand, KUBEBUILDER_ASSETS set to the directory `make kube-binaries`
// prints and `go test ./scenarios/` in examples/.
package scenarios
