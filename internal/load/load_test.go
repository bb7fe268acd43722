package load_test

import (
	"go/ast"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/internal/load"
)

// loadFixture loads patterns from testdata/mod, type-checking from source
// the dependencies whose path is in source.
func loadFixture(t *testing.T, source []string, patterns ...string) map[string]*packages.Package {
	t.Helper()
	res, err := load.Load(&load.Config{
		Dir: "testdata/mod",
		Source: func(p *packages.Package) bool {
			for _, s := range source {
				if p.PkgPath == "example.com/m/"+s {
					return true
				}
			}
			return false
		},
	}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := make(map[string]*packages.Package)
	for _, p := range res.All {
		byPath[strings.TrimPrefix(p.PkgPath, "example.com/m/")] = p
	}
	return byPath
}

func fromSource(p *packages.Package) bool { return p.Syntax != nil && p.TypesInfo != nil }

func TestMixedLoad(t *testing.T) {
	pkgs := loadFixture(t, []string{"b"}, "./a")
	a, b, c, fmt := pkgs["a"], pkgs["b"], pkgs["c"], pkgs["fmt"]
	for _, p := range []*packages.Package{a, b, c, fmt} {
		if p == nil {
			t.Fatalf("missing package; loaded %v", pkgs)
		}
		if len(p.Errors) > 0 || p.IllTyped {
			t.Errorf("%s: errors %v", p.PkgPath, p.Errors)
		}
	}
	if !fromSource(a) || !fromSource(b) {
		t.Error("the root and the dependency Source picked are not loaded from source")
	}
	if fromSource(c) || fromSource(fmt) {
		t.Error("dependencies Source did not pick are loaded from source")
	}
	if !a.Types.Complete() || !c.Types.Complete() {
		t.Error("types of a source package or of an imported export package are incomplete")
	}
	// Only source-loaded imports are left, so the analysis of facts is
	// planned for them alone.
	if a.Imports["example.com/m/b"] != b || a.Imports["example.com/m/c"] != nil || a.Imports["fmt"] != nil {
		t.Errorf("a.Imports = %v, want b only", a.Imports)
	}
}

// TestUpwardClosure: a package that imports one loaded from source is
// loaded from source too, whatever Source says.
func TestUpwardClosure(t *testing.T) {
	pkgs := loadFixture(t, []string{"c"}, "./a")
	if !fromSource(pkgs["c"]) || !fromSource(pkgs["b"]) {
		t.Error("b imports c, which is loaded from source, but is not loaded from source itself")
	}
	if pkgs["a"].IllTyped {
		t.Errorf("a: %v", pkgs["a"].Errors)
	}
}

func TestErrors(t *testing.T) {
	for _, source := range [][]string{nil, {"broken"}} {
		pkgs := loadFixture(t, source, "./user")
		broken, user := pkgs["broken"], pkgs["user"]
		if broken == nil || user == nil {
			t.Fatalf("missing packages: %v", pkgs)
		}
		if !user.IllTyped {
			t.Errorf("source %v: user imports an ill-typed package but is not IllTyped", source)
		}
		if !broken.IllTyped || len(broken.Errors) == 0 {
			t.Errorf("source %v: broken has no errors", source)
		}
	}
	// A package checked from source reports its type errors once, not
	// also as the compiler's output from building its export data.
	res, err := load.Load(&load.Config{Dir: "testdata/mod"}, "./broken")
	if err != nil {
		t.Fatal(err)
	}
	if errs := res.Roots[0].Errors; len(errs) != 1 || errs[0].Kind != packages.TypeError {
		t.Errorf("./broken: errors %v, want one type error", errs)
	}

	// As with go list, a pattern naming no directory is a package with an
	// error.
	res, err = load.Load(&load.Config{Dir: "testdata/mod"}, "./nosuch")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Roots) != 1 || !res.Roots[0].IllTyped || len(res.Roots[0].Errors) == 0 {
		t.Errorf("./nosuch: got %v, want one ill-typed package with errors", res.Roots)
	}
}

// TestSkipGeneratedBodies: the generated files of a dependency loaded from
// source lose their function bodies; the named packages keep theirs, and
// the types are complete either way.
func TestSkipGeneratedBodies(t *testing.T) {
	res, err := load.Load(&load.Config{
		Dir:                 "testdata/mod",
		Source:              func(p *packages.Package) bool { return p.PkgPath == "example.com/m/b" },
		SkipGeneratedBodies: true,
	}, "./a")
	if err != nil {
		t.Fatal(err)
	}
	bodies := make(map[string]bool) // package path: the body of Generated is kept
	for _, p := range res.All {
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "Generated" {
					bodies[p.PkgPath] = fd.Body != nil
				}
			}
		}
		if len(p.Errors) > 0 {
			t.Errorf("%s: %v", p.PkgPath, p.Errors)
		}
	}
	if kept, ok := bodies["example.com/m/b"]; !ok || kept {
		t.Errorf("dependency b: Generated found %t, body kept %t; want found, dropped", ok, kept)
	}
	if kept, ok := bodies["example.com/m/a"]; !ok || !kept {
		t.Errorf("named package a: Generated found %t, body kept %t; want found, kept", ok, kept)
	}
}

// TestCheckVisit: with a visit function, each package loaded from source
// is visited once, after the packages it imports from source, with its
// syntax, types and IllTyped set; its syntax is dropped once visited, and
// the imports loaded from export data are complete by then.
func TestCheckVisit(t *testing.T) {
	res, err := load.List(&load.Config{
		Dir: "testdata/mod",
		Source: func(p *packages.Package) bool {
			return p.PkgPath == "example.com/m/b" || p.PkgPath == "example.com/m/broken"
		},
	}, "./a", "./user")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	visited := make(map[string]bool)
	res.Check(func(p *packages.Package) {
		mu.Lock()
		defer mu.Unlock()
		path := strings.TrimPrefix(p.PkgPath, "example.com/m/")
		if visited[path] {
			t.Errorf("%s visited twice", path)
		}
		visited[path] = true
		if p.Syntax == nil || p.TypesInfo == nil || p.Types == nil || !p.Types.Complete() {
			t.Errorf("%s visited without its syntax or types", path)
		}
		for _, imp := range p.Imports { // those loaded from source
			if !visited[strings.TrimPrefix(imp.PkgPath, "example.com/m/")] {
				t.Errorf("%s visited before its import %s", path, imp.PkgPath)
			}
		}
		if want := path == "user" || path == "broken"; p.IllTyped != want {
			t.Errorf("%s: IllTyped = %v when visited, want %v", path, p.IllTyped, want)
		}
	})
	for _, path := range []string{"a", "b", "user", "broken"} {
		if !visited[path] {
			t.Errorf("%s not visited", path)
		}
	}
	if visited["c"] || visited["fmt"] {
		t.Error("a package read from export data was visited")
	}
	for _, p := range res.All {
		if p.Syntax != nil || p.TypesInfo != nil {
			t.Errorf("%s: syntax kept after its visit", p.PkgPath)
		}
	}
}
