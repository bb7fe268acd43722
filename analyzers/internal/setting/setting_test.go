package setting

import (
	"flag"
	"strings"
	"testing"
)

func TestNames(t *testing.T) {
	n := NewNames()
	if err := n.Set("example.com/a/b.Func, example.com/a/b.Type.Method,example.com/a/b.Func"); err != nil {
		t.Fatal(err)
	}
	if got, want := n.String(), "example.com/a/b.Func,example.com/a/b.Type.Method"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	for _, bad := range []string{"Func", "example.com/a/b", "example.com/a/b.", "example.com/a/b.1x", "a.B.C.D"} {
		if err := n.Set(bad); err == nil || !strings.Contains(err.Error(), "qualified name") {
			t.Errorf("Set(%q) = %v, want a qualified-name error", bad, err)
		}
	}
	if err := n.Set(""); err != nil || len(n.Values()) != 0 {
		t.Errorf("Set(\"\") = %v, values %v; want an empty list", err, n.Values())
	}
}

func TestMatch(t *testing.T) {
	n := NewNames("example.com/a/b.Func", "example.com/a/b.T.M")
	for key, want := range map[string]bool{
		"example.com/a/b.Func":                    true,
		"example.com/a/b.T.M":                     true,
		"example.com/vendor/example.com/a/b.Func": true,
		"example.com/a/bb.Func":                   false,
		"xexample.com/a/b.Func":                   false,
	} {
		if got := n.Match(key); got != want {
			t.Errorf("Match(%q) = %v, want %v", key, got, want)
		}
	}
}

func TestEnum(t *testing.T) {
	e := NewEnum("a", "a", "b")
	if err := e.Set("c"); err == nil || !strings.Contains(err.Error(), "want one of a, b") {
		t.Errorf("Set(c) = %v", err)
	}
	if err := e.Set("b"); err != nil || e.Value() != "b" {
		t.Errorf("Set(b) = %v, value %q", err, e.Value())
	}
}

func TestRestore(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	n := NewNames("example.com/a.F")
	fs.Var(n, "names", "")
	strict := fs.Bool("strict", false, "")
	if err := fs.Set("names", "example.com/b.G"); err != nil {
		t.Fatal(err)
	}
	if err := fs.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	if err := Restore(fs); err != nil {
		t.Fatal(err)
	}
	if n.String() != "example.com/a.F" || *strict {
		t.Errorf("after Restore: names %q, strict %v", n, *strict)
	}
}

func TestMethodNames(t *testing.T) {
	n := NewMethodNames()
	if err := n.Set("example.com/fw/hooks.Cleaner.Cleanup"); err != nil {
		t.Errorf("a method: %v", err)
	}
	for _, bad := range []string{"example.com/fw/hooks.Cleanup", "Cleanup", "example.com/fw.A.B.C"} {
		if err := n.Set(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
