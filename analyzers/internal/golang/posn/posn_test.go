package posn

import (
	"go/parser"
	"go/token"
	"testing"
)

func TestPos(t *testing.T) {
	fset := token.NewFileSet()
	src := "package p\n\nfunc F() {\n\tx := 1\n\t_ = x\n}\n"
	f, err := parser.ParseFile(fset, "/src/p/p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	x := f.Decls[0].Pos() // func, 3:1
	for _, tc := range []struct {
		in, want string
	}{
		// A file the set holds: its own position.
		{String(fset, x), "/src/p/p.go:3:1"},
		{"/src/p/p.go:4:2", "/src/p/p.go:4:2"},
		{"/src/p/p.go:4", "/src/p/p.go:4:1"},
		// A column past its line's end, as in the importer's stand-in
		// files of one byte a line: a file of our own keeps it.
		{"/src/p/p.go:4:99", "/src/p/p.go:4:99"},
		// A file it does not hold, or a line past its end: a file of
		// that name with lines enough.
		{"/src/q/q.go:120:7", "/src/q/q.go:120:7"},
		{"/src/p/p.go:40:3", "/src/p/p.go:40:3"},
		{`C:\src\r\r.go:5:2`, `C:\src\r\r.go:5:2`},
	} {
		pos := Pos(fset, tc.in)
		if got := fset.Position(pos).String(); got != tc.want {
			t.Errorf("Pos(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	for _, bad := range []string{"", "p.go", "p.go:x", ":3", "p.go:0:1", "p.go:3:0"} {
		if pos := Pos(fset, bad); pos.IsValid() {
			t.Errorf("Pos(%q) = %s, want no position", bad, fset.Position(pos))
		}
	}
	if s := String(fset, token.NoPos); s != "" {
		t.Errorf("String(NoPos) = %q, want \"\"", s)
	}
}
