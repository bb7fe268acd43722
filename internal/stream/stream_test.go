package stream_test

import (
	"bytes"
	"errors"
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/internal/load"
	"github.com/deletionlint/deletionlint/internal/stream"
)

// name is a fact naming the object or package it is about.
type name struct{ S string }

func (*name) AFact()           {}
func (n *name) String() string { return n.S }

// factsAnalyzer exports a fact about every object of its package (package
// members, methods, fields) and about the package, then reports what it
// sees of the facts: all of them, and those of the objects its code uses.
var factsAnalyzer = &analysis.Analyzer{
	Name:             "facts",
	Doc:              "exports and reports facts",
	FactTypes:        []analysis.Fact{new(name)},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[int](),
	Run: func(pass *analysis.Pass) (any, error) {
		export := func(obj types.Object) {
			pass.ExportObjectFact(obj, &name{obj.Pkg().Name() + "." + obj.Name()})
		}
		scope := pass.Pkg.Scope()
		for _, n := range scope.Names() {
			obj := scope.Lookup(n)
			export(obj)
			if tn, ok := obj.(*types.TypeName); ok {
				if nt, ok := tn.Type().(*types.Named); ok {
					for m := range nt.Methods() {
						export(m)
					}
				}
				if st, ok := tn.Type().Underlying().(*types.Struct); ok {
					for f := range st.Fields() {
						export(f)
					}
				}
			}
		}
		pass.ExportPackageFact(&name{pass.Pkg.Name()})
		var all []string
		for _, f := range pass.AllObjectFacts() {
			all = append(all, f.Fact.(*name).S)
		}
		for _, f := range pass.AllPackageFacts() {
			all = append(all, "package "+f.Fact.(*name).S)
		}
		slices.Sort(all)
		pos := pass.Files[0].Package
		pass.Reportf(pos, "sees %s", strings.Join(all, " "))
		var used []string
		for id, obj := range pass.TypesInfo.Uses {
			if obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
				continue
			}
			var f name
			used = append(used, fmt.Sprintf("%s=%t", id.Name, pass.ImportObjectFact(obj, &f)))
			if pkg := obj.Pkg(); pass.ImportPackageFact(pkg, &f) {
				used = append(used, "package "+f.S)
			}
		}
		slices.Sort(used)
		pass.Reportf(pos, "uses %s", strings.Join(slices.Compact(used), " "))
		return len(all), nil
	},
}

// strict does not run on ill-typed packages, and dependent needs it.
var strict = &analysis.Analyzer{
	Name:       "strict",
	Doc:        "reports the result of facts",
	Requires:   []*analysis.Analyzer{factsAnalyzer},
	ResultType: reflect.TypeFor[int](),
	Run: func(pass *analysis.Pass) (any, error) {
		n := pass.ResultOf[factsAnalyzer].(int)
		pass.Reportf(pass.Files[0].Package, "facts saw %d", n)
		return n, nil
	},
}

var dependent = &analysis.Analyzer{
	Name:     "dependent",
	Doc:      "needs strict",
	Requires: []*analysis.Analyzer{strict},
	Run: func(pass *analysis.Pass) (any, error) {
		if pass.Pkg.Name() == "top" {
			return nil, errors.New("fails on top")
		}
		return nil, nil
	},
}

// fromSource makes every package of the test module a source dependency.
func fromSource(p *packages.Package) bool { return strings.HasPrefix(p.PkgPath, "example.com/m/") }

// TestSameAsChecker: the stream reports what go/analysis/checker reports on
// the same program, with the syntax of every package loaded at once: the
// same facts seen (direct and indirect imports, every kind of object,
// package facts), the same results passed between analyzers, the same
// errors (an analysis skipped on an ill-typed package, failed
// prerequisites, an analyzer's error), printed the same.
func TestSameAsChecker(t *testing.T) {
	analyzers := []*analysis.Analyzer{factsAnalyzer, strict, dependent}
	patterns := []string{"./top", "./user"}

	whole, err := load.Load(&load.Config{Dir: "testdata/mod", Source: fromSource}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	want, err := checker.Analyze(analyzers, whole.Roots, nil)
	if err != nil {
		t.Fatal(err)
	}

	prog, err := load.List(&load.Config{Dir: "testdata/mod", Source: fromSource}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	run, err := stream.New(analyzers, prog.Roots, stream.Options{})
	if err != nil {
		t.Fatal(err)
	}
	prog.Check(run.Visit)
	got := run.Graph()

	for _, p := range prog.All {
		if p.Syntax != nil || p.TypesInfo != nil {
			t.Errorf("%s: syntax kept after its analysis", p.ID)
		}
	}
	print := func(g *checker.Graph) (text, json string) {
		var tb, jb bytes.Buffer
		if err := g.PrintText(&tb, -1); err != nil {
			t.Fatal(err)
		}
		if err := g.PrintJSON(&jb); err != nil {
			t.Fatal(err)
		}
		return tb.String(), jb.String()
	}
	wantText, wantJSON := print(want)
	gotText, gotJSON := print(got)
	if gotText != wantText {
		t.Errorf("text output:\n%s\nwant (checker):\n%s", gotText, wantText)
	}
	if gotJSON != wantJSON {
		t.Errorf("JSON output:\n%s\nwant (checker):\n%s", gotJSON, wantJSON)
	}
	// The cases the output must hold, so that the comparison compares
	// something.
	for _, s := range []string{
		// Not low.Exported, low.V (indirect), mid.hidden (unexported).
		"top.go:2:1: sees low.C low.F low.M low.T mid.Mid package low package mid package top top.Top",
		"top.go:2:1: uses F=true M=true Mid=true package low package mid",
		"top.go:2:1: facts saw 9",
		"failed prerequisites: strict@example.com/m/user",
		"analysis skipped due to errors in package",
		"fails on top",
	} {
		if !strings.Contains(gotText, s) {
			t.Errorf("output lacks %q:\n%s", s, gotText)
		}
	}
	if len(got.Roots) != len(want.Roots) {
		t.Errorf("%d roots, want %d", len(got.Roots), len(want.Roots))
	}
}

// lazy's result reads its pass's facts when called: after lazy's Run has
// returned, from inside the analyzer that requires it.
var lazy = &analysis.Analyzer{
	Name:       "lazy",
	Doc:        "returns a result that reads facts when it is used",
	FactTypes:  []analysis.Fact{new(name)},
	ResultType: reflect.TypeFor[func() int](),
	Run: func(pass *analysis.Pass) (any, error) {
		return func() int { return len(pass.AllObjectFacts()) }, nil
	},
}

// asker calls lazy's result, and reports how it failed.
var asker = &analysis.Analyzer{
	Name:     "asker",
	Doc:      "uses the result of lazy",
	Requires: []*analysis.Analyzer{lazy},
	Run: func(pass *analysis.Pass) (any, error) {
		defer func() {
			if r := recover(); r != nil {
				pass.Reportf(pass.Files[0].Package, "%v", r)
			}
		}()
		pass.ResultOf[lazy].(func() int)()
		return nil, nil
	},
}

// TestFactsAfterRun: a pass's facts cannot be read once its Run has
// returned (analysis.Pass documents it; go/analysis/checker does not check
// it): a result that reads them lazily panics at its first use.
func TestFactsAfterRun(t *testing.T) {
	prog, err := load.List(&load.Config{Dir: "testdata/mod", Source: fromSource}, "./low")
	if err != nil {
		t.Fatal(err)
	}
	run, err := stream.New([]*analysis.Analyzer{asker}, prog.Roots, stream.Options{})
	if err != nil {
		t.Fatal(err)
	}
	prog.Check(run.Visit)
	var out bytes.Buffer
	if err := run.Graph().PrintText(&out, -1); err != nil {
		t.Fatal(err)
	}
	if want := "lazy: Pass.AllObjectFacts called after Run"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
}
