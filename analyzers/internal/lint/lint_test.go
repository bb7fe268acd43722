package lint_test

import (
	"go/ast"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/analyzers/internal/configtest"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
)

// TestMain lets directives name the test analyzers: any rule name is known
// unless a test says which are.
func TestMain(m *testing.M) {
	lint.SetRuleNames(nil)
	os.Exit(m.Run())
}

// callReporter returns the analyzer of a rule that reports each call of
// the package-level function named fn.
func callReporter(name, fn string) *analysis.Analyzer {
	return lint.New(&lint.Rule{
		Name:       name,
		Doc:        "// Package " + name + " is a test rule.\n//\n// # Analyzer " + name + "\n//\n// " + name + ": report each call of " + fn + "\npackage " + name + "\n",
		Categories: []string{"call"},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					if id, ok := call.Fun.(*ast.Ident); ok {
						if obj, ok := pass.TypesInfo.Uses[id].(*types.Func); ok && obj.Name() == fn {
							lint.Report(pass, call, "call", "call of "+fn)
						}
					}
					return true
				})
			}
			return nil, nil
		},
	})
}

var (
	flagcall = callReporter("flagcall", "Flag")
	other    = callReporter("other", "Other")
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestDirectives(t *testing.T) {
	analysistest.Run(t, testdata(t), flagcall, "directives")
}

func TestGeneratedFilesSkippedByDefault(t *testing.T) {
	analysistest.Run(t, testdata(t), flagcall, "generated")
}

func TestIncludeGenerated(t *testing.T) {
	configtest.Apply(t, "", "include-generated: true")
	analysistest.Run(t, testdata(t), flagcall, "generatedincluded")
}

// TestExclude: findings in a file the configuration excludes are dropped,
// and so are the directives there.
func TestExclude(t *testing.T) {
	configtest.Apply(t, filepath.Join(testdata(t), "src"), "exclude: [excluded/legacy.go]")
	analysistest.Run(t, testdata(t), flagcall, "excluded")
}

func TestPackagesWithoutKubernetesAreSkipped(t *testing.T) {
	analysistest.Run(t, testdata(t), flagcall, "nokube")
}

func TestUnknownRuleNamesOnceRulesAreKnown(t *testing.T) {
	defer lint.SetRuleNames([]string{"flagcall", "other"})()
	analysistest.Run(t, testdata(t), flagcall, "unknownrule")
}

// TestMalformedDirectiveReportedOnce runs two rules over the same package, as
// every driver does, and checks that a malformed directive is reported once,
// by the rule the directive itself designates whatever order the rules run
// in, while each rule reports its own unused directives.
func TestMalformedDirectiveReportedOnce(t *testing.T) {
	defer lint.SetRuleNames([]string{"flagcall", "other"})()
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  testdata(t),
		Env:  append(os.Environ(), "GOPATH="+testdata(t), "GO111MODULE=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, "directives")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{flagcall, other}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	count := make(map[string]int) // "rule: key"
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			for _, key := range []string{"needs a reason", "names no rule", "unknown directive", "did you mean other?", "unused //deletionlint:ignore directive: other"} {
				if strings.Contains(d.Message, key) {
					count[act.Analyzer.Name+": "+key]++
				}
			}
		}
	}
	want := map[string]int{
		// The first rule the directive names, else the first rule.
		"flagcall: needs a reason":    1,
		"other: needs a reason":       1, // otherNoReason
		"flagcall: names no rule":     1,
		"flagcall: unknown directive": 1,
		// The rule nearest to the misspelt name.
		"other: did you mean other?": 1,
		// The directives of otherRuleOnly and listed: other runs now and
		// reports nothing there.
		"other: unused //deletionlint:ignore directive: other": 2,
	}
	if !maps.Equal(count, want) {
		t.Errorf("reported (rule: message key -> count)\n%v\nwant\n%v", count, want)
	}
}

// TestUndeclaredCategory: in tests, a rule that reports a diagnostic of a
// category its Rule does not declare fails.
func TestUndeclaredCategory(t *testing.T) {
	undeclared := lint.New(&lint.Rule{
		Name: "undeclared",
		Doc:  "// Package undeclared is a test rule.\n//\n// # Analyzer undeclared\n//\n// undeclared: report each file in a category it does not declare\npackage undeclared\n",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				lint.Report(pass, f.Name, "surprise", "a diagnostic of an undeclared category")
			}
			return nil, nil
		},
	})
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  testdata(t),
		Env:  append(os.Environ(), "GOPATH="+testdata(t), "GO111MODULE=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, "generated")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{undeclared}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if act.IsRoot && (act.Err == nil || !strings.Contains(act.Err.Error(), `"surprise"`)) {
			t.Errorf("%s: error %v, want one naming the undeclared category", act, act.Err)
		}
	}
}

// TestPatternRoot: exclusion patterns are relative to the root of the
// package's module, or of its GOPATH tree (also one inside a module's
// testdata), whichever the package's import path belongs to.
func TestPatternRoot(t *testing.T) {
	dir := t.TempDir()
	module := filepath.Join(dir, "m")
	for _, f := range []string{"go.mod", "internal/legacy/a.go", "main.go", "testdata/src/excluded/b.go"} {
		path := filepath.Join(module, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("module example.com/m\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ path, file, want string }{
		{"example.com/m/internal/legacy", "m/internal/legacy/a.go", "m"},
		{"example.com/m", "m/main.go", "m"},
		{"excluded", "m/testdata/src/excluded/b.go", "m/testdata/src"},
		{"other", "elsewhere/x.go", ""},
	} {
		want := tt.want
		if want != "" {
			want = filepath.Join(dir, filepath.FromSlash(want))
		}
		if got := lint.PatternRoot(tt.path, filepath.Join(dir, filepath.FromSlash(tt.file))); got != want {
			t.Errorf("PatternRoot(%s, %s) = %q, want %q", tt.path, tt.file, got, want)
		}
	}
}

// TestTestSupportPackagesSkipped: findings in a package whose path names
// test support (internal/envtest) are dropped; the operator's are kept.
func TestTestSupportPackagesSkipped(t *testing.T) {
	analysistest.Run(t, testdata(t), flagcall, "operator/internal/envtest", "operator/internal/controller")
}

// hookcall reports each call of Hook with the callee's declaration as a
// related position, a fix that edits the call and one that edits the
// declaration, and each call of Flag with nothing more.
var hookcall = lint.New(&lint.Rule{
	Name:       "hookcall",
	Doc:        "// Package hookcall is a test rule.\n//\n// # Analyzer hookcall\n//\n// hookcall: report each call of Hook and Flag\npackage hookcall\n",
	Categories: []string{"call"},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				id, ok := call.Fun.(*ast.Ident)
				if !ok || id.Name != "Hook" && id.Name != "Flag" {
					return true
				}
				if id.Name == "Flag" {
					lint.Report(pass, call, "call", "call of Flag")
					return true
				}
				decl := pass.TypesInfo.Uses[id].Pos()
				lint.Report(pass, call, "call", "call of Hook",
					lint.RelatedPos(decl, "Hook is declared here"),
					lint.Fix("edit the call", analysis.TextEdit{Pos: call.Pos(), End: call.Pos(), NewText: []byte("_ = 0; ")}),
					lint.Fix("edit the hook", analysis.TextEdit{Pos: decl, End: decl, NewText: []byte("// edited\n")}))
				return true
			})
		}
		return nil, nil
	},
})

// TestFindingsMovedOutOfGeneratedFiles: a finding positioned in a generated
// file moves to its related position in a hand-written file, with the
// generated call as a related position and only the fixes that edit
// hand-written files; one with no such position (the call of Flag) is
// dropped.
func TestFindingsMovedOutOfGeneratedFiles(t *testing.T) {
	results := analysistest.Run(t, testdata(t), hookcall, "generatedhook")
	var moved []analysis.Diagnostic
	for _, r := range results {
		moved = append(moved, r.Diagnostics...)
	}
	if len(moved) != 1 {
		t.Fatalf("got %d diagnostics, want 1 (the moved call of Hook)", len(moved))
	}
	d := moved[0]
	fset := results[0].Action.Package.Fset
	if got := filepath.Base(fset.Position(d.Pos).Filename); got != "hooks.go" {
		t.Errorf("moved to %s, want hooks.go", got)
	}
	if len(d.Related) != 1 || d.Related[0].Message != "reached from generated code here" || filepath.Base(fset.Position(d.Related[0].Pos).Filename) != "zz_generated.go" {
		t.Errorf("related = %+v, want only the generated call", d.Related)
	}
	if len(d.SuggestedFixes) != 1 || d.SuggestedFixes[0].Message != "edit the hook" {
		t.Errorf("fixes = %+v, want only the one that edits the hook", d.SuggestedFixes)
	}
}
