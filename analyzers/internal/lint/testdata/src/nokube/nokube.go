// Package nokube imports nothing of Kubernetes: the frame skips it, so even
// a malformed directive costs nothing and is not reported.
package nokube

func Flag() {}

func call() {
	//deletionlint:ignore
	Flag()
}
