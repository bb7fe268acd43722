package lint

import "testing"

func TestDoc(t *testing.T) {
	src := `// Package x defines an Analyzer.
//
// # Analyzer x
//
// x: check something
//
// More text.
package x
`
	if got, want := Doc(src, "x"), "check something\n\nMore text."; got != want {
		t.Errorf("Doc = %q, want %q", got, want)
	}
	defer func() {
		if recover() == nil {
			t.Error("Doc without the heading did not panic")
		}
	}()
	Doc("// Package y.\npackage y\n", "y")
}
