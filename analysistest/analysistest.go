// Package analysistest locates the GOPATH tree that every deletionlint rule's
// analysistest tests share: stub packages at the real Kubernetes,
// controller-runtime and Config Connector import paths under testdata/src,
// beside each rule's cases under testdata/src/<rule>.
package analysistest

import (
	"path/filepath"
	"runtime"
)

// TestData returns the absolute path of the shared testdata directory, for
// golang.org/x/tools/go/analysis/analysistest.Run.
func TestData() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("analysistest: cannot locate the source directory")
	}
	return filepath.Join(filepath.Dir(file), "testdata")
}
