package driver

import (
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// setupGoMatcher is the regular expression of the problem matcher that
// actions/setup-go registers for Go ("go" owner), unanchored as GitHub
// applies it: each line it matches is one problem.
var setupGoMatcher = regexp.MustCompile(`((?:\.{0,2}\/|\.{0,2}\\)(?:.+\.go)):(?:(\d+):(\d+):)? (.*)`)

// related reports each package-level variable whose name starts with "bad",
// with the file's package clause and, when the package has another file,
// that file's package clause as related information.
var related = &analysis.Analyzer{
	Name: "related",
	Doc:  "test analyzer: bad names, with related positions",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			for _, id := range f.Scope.Objects {
				if !strings.HasPrefix(id.Name, "bad") {
					continue
				}
				decl := id.Decl.(interface{ Pos() token.Pos })
				d := analysis.Diagnostic{Pos: decl.Pos(), Message: "bad name " + id.Name, Category: "names"}
				for _, g := range pass.Files {
					d.Related = append(d.Related, analysis.RelatedInformation{Pos: g.Package, Message: "the package clause"})
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}

// TestRelatedLines: related positions follow their finding on lines of
// their own that the setup-go problem matcher does not count, so that it
// counts one problem per finding.
func TestRelatedLines(t *testing.T) {
	code, _, stderr, _ := runModule(t, "testdata/mod", []*analysis.Analyzer{related}, "./...")
	want := "p/p.go:4:5: bad name badOne (related)\n" +
		"\tthe package clause: p/p.go:2:1\n" +
		"p/p.go:9:5: bad name badTwo (related)\n" +
		"\tthe package clause: p/p.go:2:1\n"
	if code != 3 || stderr != want {
		t.Errorf("exit %d, output:\n%s\nwant 3 and:\n%s", code, stderr, want)
	}
	if n := countProblems(stderr); n != 2 {
		t.Errorf("the problem matcher counts %d problems in\n%s\nwant 2", n, stderr)
	}
}

func countProblems(out string) int {
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if setupGoMatcher.MatchString(l) {
			n++
		}
	}
	return n
}

// TestContextLines: -c prints the finding's lines of source after its
// related positions.
func TestContextLines(t *testing.T) {
	_, _, stderr, _ := runModule(t, "testdata/mod", []*analysis.Analyzer{related}, "-c=0", "./p")
	if !strings.Contains(stderr, "\tthe package clause: p/p.go:2:1\n4\tvar badOne = 1\n") {
		t.Errorf("no line of context after the related position:\n%s", stderr)
	}
}

// The command's text output ends with a line that counts the findings by
// rule and says how to read a rule's documentation and silence a finding
// (ClosingLine, which go vet's output has not), and with nothing when
// there are none.
func TestTerminalSummary(t *testing.T) {
	opts := Options{Name: "test", Analyzers: []*analysis.Analyzer{rename, related}, ClosingLine: true}
	_, _, stderr, _ := runOpts(t, "testdata/mod", opts, "./...")
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	want := "test: 6 findings (related 2, rename 4). A rule's documentation: test help RULE. To silence one finding: //test:ignore RULE reason."
	if last := lines[len(lines)-1]; last != want {
		t.Errorf("last line %q, want %q", last, want)
	}
	if n := countProblems(stderr); n != 6 {
		t.Errorf("the problem matcher counts %d problems, want 6:\n%s", n, stderr)
	}
	opts.ClosingLine = false
	if _, _, stderr, _ := runOpts(t, "testdata/mod", opts, "./..."); strings.Contains(stderr, "help RULE") {
		t.Errorf("summary without a terminal:\n%s", stderr)
	}
	opts.ClosingLine = true
	opts.Analyzers = []*analysis.Analyzer{rename}
	if _, _, stderr, _ := runOpts(t, "testdata/mod", opts, "-rename=false", "./..."); stderr != "" {
		t.Errorf("output without findings: %q", stderr)
	}
}

// fakeConfig is a Configuration read from test settings: "disable" (a list
// of rules) and "warning" (a list of rules, or rule/category, whose findings
// are warnings).
type fakeConfig struct{ disable, warning []string }

func (c fakeConfig) Enabled(a *analysis.Analyzer) bool {
	return !slicesContains(c.disable, a.Name)
}
func (c fakeConfig) Warning(rule, category string) bool {
	return slicesContains(c.warning, rule) || slicesContains(c.warning, rule+"/"+category)
}

func slicesContains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func fakeConfigure(settings any, root string) (Configuration, error) {
	var c fakeConfig
	m, _ := settings.(map[string]any)
	for key, value := range m {
		var list []string
		for _, v := range value.([]any) {
			list = append(list, v.(string))
		}
		switch key {
		case "disable":
			c.disable = list
		case "warning":
			c.warning = list
		default:
			return nil, fmt.Errorf("%s: unknown setting", key)
		}
	}
	return c, nil
}

// runWithConfig runs Main in a copy of testdata/mod with the configuration
// file holding config (none when empty), from the directory dir of the
// module.
func runWithConfig(t *testing.T, config, dir string, args ...string) (int, string, string) {
	t.Helper()
	mod := t.TempDir()
	if err := os.CopyFS(mod, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	if config != "" {
		if err := os.WriteFile(filepath.Join(mod, ".deletionlint.yaml"), []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wd, _ := os.Getwd()
	t.Chdir(filepath.Join(mod, dir))
	defer t.Chdir(wd)
	var stdout, stderr strings.Builder
	opts := Options{Name: "test", Analyzers: []*analysis.Analyzer{rename, related}, Configure: fakeConfigure}
	code := Main(opts, args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// The configuration file of the module is read before the flags, which
// override it; a rule whose findings are warnings is reported but does not
// fail the run, and its findings are SARIF warnings.
func TestConfigFile(t *testing.T) {
	code, _, stderr := runWithConfig(t, "disable: [related]\n", "p", "./...")
	if code != 3 || strings.Contains(stderr, "(related)") || !strings.Contains(stderr, "p.go:4:5: bad name badOne (rename)") {
		t.Errorf("disable from a subdirectory of the module: exit %d\n%s", code, stderr)
	}
	code, _, stderr = runWithConfig(t, "disable: [related]\n", ".", "-related", "./...")
	if code != 3 || !strings.Contains(stderr, "(related)") || strings.Contains(stderr, "(rename)") {
		t.Errorf("-related over disable: [related]: exit %d\n%s", code, stderr)
	}
	code, _, stderr = runWithConfig(t, "disable: [related]\nwarning: [rename]\n", ".", "./...")
	if code != 0 || strings.Count(stderr, "(rename, warning)") != 4 {
		t.Errorf("warnings only: exit %d, want 0 and four warnings\n%s", code, stderr)
	}
	code, stdout, _ := runWithConfig(t, "warning: [rename]\n", ".", "-format=sarif", "./...")
	if code != 3 || strings.Count(stdout, `"level": "warning"`) != 4 || strings.Count(stdout, `"level": "error"`) != 2 {
		t.Errorf("SARIF levels: exit %d, want 3 (related's findings are errors), four warnings and two errors\n%s", code, stdout)
	}
	code, stdout, _ = runWithConfig(t, "disable: [related]\nwarning: [rename]\n", ".", "-json", "./...")
	if code != 0 || strings.Count(stdout, "bad name") != 4 {
		t.Errorf("-json with warnings only: exit %d, want 0\n%s", code, stdout)
	}
	// A category's severity: related's findings are all of category
	// "names"; those of another category would stay errors.
	code, stdout, _ = runWithConfig(t, "warning: [rename, related/names]\n", ".", "-format=sarif", "./...")
	if code != 0 || strings.Count(stdout, `"level": "warning"`) != 6 {
		t.Errorf("a category's findings as warnings: exit %d, want 0 and six warnings\n%s", code, stdout)
	}
	code, stdout, _ = runWithConfig(t, "warning: [rename, related/other]\n", ".", "-json", "./...")
	if code != 3 || strings.Count(stdout, `"severity": "error"`) != 2 {
		t.Errorf("another category's findings as warnings: exit %d, want 3 and two errors\n%s", code, stdout)
	}
}

// A mistake in the configuration file fails the run with exit code 2 and
// one line naming the file and the setting; so does a file that is not
// YAML.
func TestConfigFileErrors(t *testing.T) {
	for _, c := range []struct{ config, want string }{
		{"colour: [red]\n", "test: .deletionlint.yaml: colour: unknown setting\n"},
		{"disable: [related\n", "test: .deletionlint.yaml: line 1: "},
	} {
		code, stdout, stderr := runWithConfig(t, c.config, ".", "./...")
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line starting %q", c.config, code, stderr, c.want)
		}
	}
}

// -h names a long list default by its size and first entry, and prints
// the others as the flag package does.
func TestPrintDefaults(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.String("errors", "a.E1,a.E2,a.E3,a.E4", "error types")
	fs.String("format", "text", "the `format`")
	fs.Bool("fix", false, "apply fixes")
	fs.Int("c", -1, "context lines")
	var b strings.Builder
	printDefaults(fs, &b)
	want := "  -c int\n    \tcontext lines (default -1)\n" +
		"  -errors string\n    \terror types (default 4 entries: a.E1, ...)\n" +
		"  -fix\n    \tapply fixes\n" +
		"  -format format\n    \tthe format (default \"text\")\n"
	if b.String() != want {
		t.Errorf("printDefaults:\n%s\nwant:\n%s", b.String(), want)
	}
}
