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

// TestRegister: a settings struct's tagged fields become flags with their
// defaults and usage, list settings say they are comma-separated, untagged
// fields are left alone, and a field of another type panics.
func TestRegister(t *testing.T) {
	s := struct {
		Strict  bool   `setting:"strict" help:"be strict"`
		Helpers *Names `setting:"helpers" help:"helper functions"`
		Roles   *Paths `setting:"roles" help:"role files"`
		other   int
	}{Strict: true, Helpers: NewNames("example.com/a.F"), Roles: NewPaths()}
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	Register(fs, &s)
	for name, want := range map[string][2]string{
		"strict":  {"true", "be strict"},
		"helpers": {"example.com/a.F", "comma-separated helper functions"},
		"roles":   {"", "comma-separated role files"},
	} {
		f := fs.Lookup(name)
		if f == nil {
			t.Errorf("no flag %s", name)
			continue
		}
		if f.DefValue != want[0] || f.Usage != want[1] {
			t.Errorf("-%s: default %q, usage %q; want %q, %q", name, f.DefValue, f.Usage, want[0], want[1])
		}
	}
	if err := fs.Parse([]string{"-strict=false", "-helpers=example.com/b.G"}); err != nil {
		t.Fatal(err)
	}
	if s.Strict || s.Helpers.String() != "example.com/b.G" || s.other != 0 {
		t.Errorf("flags did not set the struct: %+v", s)
	}
	defer func() {
		if recover() == nil {
			t.Error("a string setting did not panic")
		}
	}()
	Register(fs, &struct {
		Label string `setting:"label"`
	}{})
}
