package driver

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
)

// rename reports the package-level variables whose name starts with "bad"
// and offers to rename them (at the declaration only: enough for testing).
var rename = &analysis.Analyzer{
	Name: "rename",
	Doc:  "test analyzer: bad names",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				ast.Inspect(d, func(n ast.Node) bool {
					id, ok := n.(*ast.Ident)
					if ok && strings.HasPrefix(id.Name, "bad") {
						pass.Report(analysis.Diagnostic{
							Pos: id.Pos(), End: id.End(), Message: "bad name " + id.Name,
							SuggestedFixes: []analysis.SuggestedFix{{
								Message:   "rename",
								TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.Pos() + 3, NewText: []byte("good")}},
							}},
						})
					}
					return true
				})
			}
		}
		return nil, nil
	},
}

// runIn copies testdata/mod to a scratch directory, runs Main there and
// returns the exit code, stdout, stderr and the directory.
func runIn(t *testing.T, args ...string) (int, string, string, string) {
	t.Helper()
	return runModule(t, "testdata/mod", []*analysis.Analyzer{rename}, args...)
}

// runModule is runIn for another module of testdata and other analyzers.
func runModule(t *testing.T, mod string, as []*analysis.Analyzer, args ...string) (int, string, string, string) {
	t.Helper()
	return runOpts(t, mod, Options{Name: "test", Analyzers: as}, args...)
}

// runOpts is runModule with all the options.
func runOpts(t *testing.T, mod string, opts Options, args ...string) (int, string, string, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(mod)); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := Main(opts, args, &stdout, &stderr)
	t.Chdir(wd)
	return code, stdout.String(), stderr.String(), dir
}

// TestText: the findings, sorted by position, each naming its rule, with
// file names relative to the working directory.
func TestText(t *testing.T) {
	code, _, stderr, _ := runIn(t, "./...")
	want := "p/p.go:4:5: bad name badOne (rename)\n" +
		"p/p.go:7:25: bad name badOne (rename)\n" +
		"p/p.go:7:34: bad name badTwo (rename)\n" +
		"p/p.go:9:5: bad name badTwo (rename)\n"
	if code != 3 || stderr != want {
		t.Errorf("exit %d, output:\n%s\nwant 3 and:\n%s", code, stderr, want)
	}
}

// Exit codes do not depend on the format: findings are exit code 3 with
// JSON and SARIF too.
func TestJSON(t *testing.T) {
	code, stdout, _, _ := runIn(t, "-json", "./...")
	// Each of the four findings once, though p.go is in p and in its test
	// variant.
	if code != 3 || !json.Valid([]byte(stdout)) || strings.Count(stdout, `"message": "bad name`) != 4 {
		t.Errorf("exit %d, want 3 and four findings: %s", code, stdout)
	}
	if n := strings.Count(stdout, `"severity": "error"`); n != 4 {
		t.Errorf("%d findings with their severity, want 4: %s", n, stdout)
	}
}

// SARIF file URIs are relative to the root of the checkout the module is
// in (where code scanning resolves them), or to -sarif-root; each rule's
// helpUri is its section of the documentation.
func TestSARIFRoot(t *testing.T) {
	checkout := t.TempDir()
	if err := os.Mkdir(filepath.Join(checkout, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(checkout, "operator")
	if err := os.CopyFS(mod, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(mod)
	defer t.Chdir(wd)
	opts := Options{Name: "test", InfoURI: "https://example.com/test", Docs: "docs/rules.md", Analyzers: []*analysis.Analyzer{rename}}
	for _, c := range []struct {
		args []string
		uri  string
		root string
	}{
		{[]string{"-format=sarif", "./..."}, `"uri": "operator/p/p.go"`, checkout},
		{[]string{"-format=sarif", "-sarif-root=.", "./..."}, `"uri": "p/p.go"`, mod},
	} {
		var stdout, stderr bytes.Buffer
		Main(opts, c.args, &stdout, &stderr)
		out := stdout.String()
		if !strings.Contains(out, c.uri) || !strings.Contains(out, `"uri": "file://`+filepath.ToSlash(c.root)+`/"`) {
			t.Errorf("%v: want locations %s under %s:\n%s%s", c.args, c.uri, c.root, out, stderr.String())
		}
		if !strings.Contains(out, `"helpUri": "https://example.com/test/blob/main/docs/rules.md#rename"`) {
			t.Errorf("%v: the rule's helpUri is not its section of docs/rules.md:\n%s", c.args, out)
		}
	}
}

func TestSARIFFormat(t *testing.T) {
	for _, flag := range []string{"-sarif", "-format=sarif"} {
		code, stdout, _, _ := runIn(t, flag, "./...")
		if code != 3 || !strings.Contains(stdout, `"version": "2.1.0"`) || strings.Count(stdout, `"text": "bad name`) != 4 ||
			strings.Count(stdout, `"level": "error"`) != 4 {
			t.Errorf("%s: exit %d, want 3 and four findings of level error; output %q", flag, code, stdout)
		}
	}
}

func TestFix(t *testing.T) {
	code, _, stderr, dir := runIn(t, "-fix", "./...")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := os.ReadFile(filepath.Join(dir, "p", "p.go"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(got), "bad") || strings.Count(string(got), "goodOne") != 2 {
		t.Errorf("after -fix:\n%s", got)
	}
}

// worse wants the names rename wants changed changed otherwise: each of its
// fixes conflicts with one of rename's.
var worse = &analysis.Analyzer{
	Name: "worse",
	Doc:  "test analyzer: bad names, fixed otherwise",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			for _, id := range f.Scope.Objects {
				if decl, ok := id.Decl.(*ast.ValueSpec); ok && strings.HasPrefix(id.Name, "bad") {
					name := decl.Names[0]
					pass.Report(analysis.Diagnostic{Pos: name.Pos(), Message: "bad name " + id.Name, SuggestedFixes: []analysis.SuggestedFix{{
						Message:   "make worse",
						TextEdits: []analysis.TextEdit{{Pos: name.Pos(), End: name.Pos() + 3, NewText: []byte("worse")}},
					}}})
				}
			}
		}
		return nil, nil
	},
}

// Every -fix run ends with what it did; a fix that conflicts with another
// is listed once (though the package's test variant reports it too) and
// left for the next run, which is no failure (exit code 0, as the README
// says).
func TestFixReport(t *testing.T) {
	code, _, stderr, _ := runIn(t, "-fix", "./...")
	if code != 0 || stderr != "test: applied 4 fixes in 1 file\n" {
		t.Errorf("-fix: exit %d, stderr %q; want 0 and the count", code, stderr)
	}
	code, _, stderr, _ = runModule(t, "testdata/mod", []*analysis.Analyzer{rename, worse, related}, "-fix", "-diff", "./...")
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	const want = "test: would have applied 4 fixes in 1 file; 2 findings have no automatic fix; 2 fixes conflict with another and are left for the next run"
	if code != 0 || len(lines) != 3 || lines[2] != want || strings.Count(stderr, "conflicts with another fix") != 2 {
		t.Errorf("-fix with conflicts: exit %d, stderr:\n%s\nwant 0, each of the two conflicts once, then:\n%s", code, stderr, want)
	}
}

func TestFixDiff(t *testing.T) {
	code, stdout, stderr, dir := runIn(t, "-fix", "-diff", "./...")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	name := filepath.Join(dir, "p", "p.go")
	want := "--- " + name + " (old)\n+++ " + name + " (new)\n" +
		"@@ -1,9 +1,9 @@\n" +
		" // Package p has two names the test analyzer wants changed.\n package p\n \n" +
		"-var badOne = 1\n+var goodOne = 1\n \n // Sum uses both names.\n" +
		"-func Sum() int { return badOne + badTwo }\n+func Sum() int { return goodOne + goodTwo }\n \n" +
		"-var badTwo = 2\n+var goodTwo = 2\n"
	if stdout != want {
		t.Errorf("diff:\n%s\nwant:\n%s", stdout, want)
	}
	if got, _ := os.ReadFile(name); strings.Contains(string(got), "good") {
		t.Error("-diff wrote the file")
	}
}

func TestUsageErrors(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"-format=xml ./...", `-format: unknown format "xml"`},
		{"-sarif -json ./...", "-sarif cannot be combined with -json"},
		{"-sarif -fix ./...", "-sarif cannot be combined with -fix"},
		{"-diff ./...", "-diff requires -fix"},
		{"-nosuch ./...", "flag provided but not defined: -nosuch"},
		{"-rename.nosuch=1 ./...", "flag provided but not defined: -rename.nosuch"},
	} {
		code, _, stderr, _ := runIn(t, strings.Fields(c.args)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
		// One line, not the list of every flag.
		if lines := strings.Count(stderr, "\n"); lines != 1 {
			t.Errorf("%s: %d lines on stderr, want one:\n%s", c.args, lines, stderr)
		}
	}
	// -h prints the flags, and is not an error.
	if code, _, stderr, _ := runIn(t, "-h"); code != 0 || !strings.Contains(stderr, "-format") {
		t.Errorf("-h: exit %d, stderr %q", code, stderr)
	}
}

// TestBadFlagOneLine checks that a bad flag is reported in one line that
// names the flag and says where the flags are listed, not with the whole
// usage, while -h prints the usage and exits 0.
func TestBadFlagOneLine(t *testing.T) {
	code, _, stderr, _ := runIn(t, "-nosuch", "./...")
	want := "test: flag provided but not defined: -nosuch (run 'test -h' for the flags)\n"
	if code != 2 || stderr != want {
		t.Errorf("bad flag: exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	code, _, stderr, _ = runIn(t, "-h")
	if code != 0 || !strings.Contains(stderr, "Usage:") || !strings.Contains(stderr, "-json") {
		t.Errorf("-h: exit %d, stderr %q; want 0 and the usage", code, stderr)
	}
}

func TestSelection(t *testing.T) {
	if code, _, stderr, _ := runIn(t, "-rename=false", "./..."); code != 0 || stderr != "" {
		t.Errorf("-rename=false: exit %d, stderr %q", code, stderr)
	}
}

func TestUnifiedDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n"
	new := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nL\nm\nn"
	want := "--- f (old)\n+++ f (new)\n" +
		"@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n" +
		"@@ -9,5 +9,6 @@\n i\n j\n k\n-l\n+L\n m\n+n\n\\ No newline at end of file\n"
	if got := unifiedDiff("f", []byte(old), []byte(new)); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := unifiedDiff("f", nil, []byte("x\n")); got != "--- f (old)\n+++ f (new)\n@@ -0,0 +1,1 @@\n+x\n" {
		t.Errorf("from empty: %q", got)
	}
}

func TestApplyConflicts(t *testing.T) {
	src := []byte("0123456789")
	got, err := apply(src, []edit{{6, 8, "x"}, {1, 2, "ab"}, {4, 4, "-"}})
	if err != nil || string(got) != "0ab23-45x89" {
		t.Errorf("apply = %q, %v", got, err)
	}
	if (edit{1, 3, ""}).overlaps(edit{3, 4, ""}) || !(edit{1, 3, ""}).overlaps(edit{2, 4, ""}) ||
		!(edit{2, 2, "a"}).overlaps(edit{2, 2, "b"}) || (edit{2, 2, "a"}).overlaps(edit{2, 2, "a"}) {
		t.Error("overlaps is wrong")
	}
}

// TestTypeErrors: a package with type errors is analysed as far as its
// types go by analyzers that run despite errors; each error is printed
// once, then one line names the packages and says what to do, with no
// line per analysis; the exit code is 1.
func TestTypeErrors(t *testing.T) {
	tolerant := *rename
	tolerant.RunDespiteErrors = true
	code, _, stderr, _ := runModule(t, "testdata/broken", []*analysis.Analyzer{&tolerant}, "./...")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{"bad name badName", "bad name badToo",
		"analysed only as far as their types go, so findings in them and in the packages that import them may be missing: example.com/broken/a\n"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("output lacks %q:\n%s", want, stderr)
		}
	}
	if n := strings.Count(stderr, "cannot use"); n != 1 {
		t.Errorf("the type error is printed %d times, want once:\n%s", n, stderr)
	}
	for _, noise := range []string{"analysis skipped", "failed prerequisites"} {
		if strings.Contains(stderr, noise) {
			t.Errorf("output has %q:\n%s", noise, stderr)
		}
	}
}

// On a terminal, a progress line shows while packages load and are
// analysed, and is erased before the findings; elsewhere, and with JSON,
// nothing extra is printed.
func TestProgress(t *testing.T) {
	opts := Options{Name: "test", Analyzers: []*analysis.Analyzer{rename}, Progress: true}
	_, _, stderr, _ := runOpts(t, "testdata/mod", opts, "./...")
	for _, want := range []string{"test: loading packages", "test: analysing 1 package...", "\r\033[K"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("terminal output lacks %q: %q", want, stderr)
		}
	}
	if i, j := strings.LastIndex(stderr, "\r\033[K"), strings.Index(stderr, "bad name"); i > j {
		t.Errorf("the progress line is not erased before the findings: %q", stderr)
	}
	_, stdout, stderr, _ := runOpts(t, "testdata/mod", opts, "-json", "./...")
	if strings.Contains(stderr, "loading") || strings.Contains(stdout, "loading") {
		t.Errorf("-json prints progress: %q %q", stdout, stderr)
	}
	opts.Progress = false
	if _, _, stderr, _ := runOpts(t, "testdata/mod", opts, "./..."); strings.Contains(stderr, "\033") {
		t.Errorf("progress without a terminal: %q", stderr)
	}
}

// In a log (stderr not a terminal), a run that takes long prints plain
// progress lines with the seconds elapsed, whatever the output format, and
// one that ends without findings says so; a quick run prints none.
func TestProgressLines(t *testing.T) {
	opts := Options{Name: "test", Analyzers: []*analysis.Analyzer{rename}, ProgressLines: true}
	if _, _, stderr, _ := runOpts(t, "testdata/mod", opts, "-rename=false", "./..."); stderr != "" {
		t.Errorf("a quick run without findings prints %q", stderr)
	}
	defer func(d time.Duration) { progressEvery = d }(progressEvery)
	progressEvery = 0
	_, _, stderr, _ := runOpts(t, "testdata/mod", opts, "-json", "./...")
	for _, want := range []string{"test: loading packages (the first run compiles their dependencies), ", "test: analysing 1 package, "} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the log lacks %q: %q", want, stderr)
		}
	}
	if strings.Contains(stderr, "\033") || strings.Contains(stderr, "...") {
		t.Errorf("terminal progress in a log: %q", stderr)
	}
	_, _, stderr, _ = runOpts(t, "testdata/mod", opts, "-rename=false", "./...")
	if lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n"); !strings.HasPrefix(lines[len(lines)-1], "test: no findings, ") {
		t.Errorf("a logged run without findings ends with %q, want the closing line", lines[len(lines)-1])
	}
}

// A package that does not compile gets its errors once each, positions
// relative to the working directory, and the advice to generate deepcopy
// code only when its errors are about DeepCopy methods.
func TestPackageErrors(t *testing.T) {
	for _, c := range []struct {
		src, want string
		deepcopy  bool
	}{
		{"package p\n\nfunc F( {\n", "p/p.go:3:9: expected ')', found '{'\n", false},
		{"package p\n\nvar x int = \"s\"\n", "p/p.go:3:13: cannot use \"s\" (untyped string constant) as int value in variable declaration\n", false},
		{"package p\n\ntype T struct{}\n\nfunc F(t *T) { t.DeepCopyInto(t) }\n", "p/p.go:5:18: t.DeepCopyInto undefined", true},
	} {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, "p"), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string]string{"go.mod": "module example.com/m\n\ngo 1.24\n", "p/p.go": c.src} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		wd, _ := os.Getwd()
		t.Chdir(dir)
		var stdout, stderr bytes.Buffer
		code := Main(Options{Name: "test", Analyzers: []*analysis.Analyzer{rename}}, []string{"./..."}, &stdout, &stderr)
		t.Chdir(wd)
		out := stderr.String()
		if code != 1 || !strings.HasPrefix(out, c.want) || strings.Contains(out, "-: ") || strings.Contains(out, dir) ||
			strings.Contains(out, "zz_generated.deepcopy.go") != c.deepcopy {
			t.Errorf("%q: exit %d, stderr:\n%s\nwant 1, starting with %q, relative paths, no go list header, deepcopy advice %v", c.src, code, out, c.want, c.deepcopy)
		}
	}
}
