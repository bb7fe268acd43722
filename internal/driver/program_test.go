package driver

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// offByDefault is an Options.Default under which no analyzer runs unless
// selected.
func offByDefault(*analysis.Analyzer) bool { return false }

// An analyzer that is off by default runs only when selected with -NAME;
// -NAME=false is accepted for it as for any other.
func TestOffByDefault(t *testing.T) {
	opts := Options{Name: "test", Analyzers: []*analysis.Analyzer{rename}, Default: offByDefault}
	for _, c := range []struct {
		args     []string
		code     int
		findings int
	}{
		{[]string{"./..."}, 0, 0},
		{[]string{"-rename=false", "./..."}, 0, 0},
		{[]string{"-rename", "./..."}, 3, 4},
		{[]string{"--rename=true", "./..."}, 3, 4},
		{[]string{"--", "./..."}, 0, 0},
	} {
		code, _, stderr, _ := runOpts(t, "testdata/mod", opts, c.args...)
		if code != c.code || strings.Count(stderr, "bad name") != c.findings {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %d findings", c.args, code, stderr, c.code, c.findings)
		}
	}
}

// The program answers -version, -V=full and help itself, and nothing else.
func TestAnswer(t *testing.T) {
	p := Program{
		Options: Options{Name: "test", Version: "(devel) abc", InfoURI: "https://example.com", Docs: "docs/rules.md", Analyzers: []*analysis.Analyzer{rename}, Default: offByDefault},
		Summary: "test reports bad names.\n",
	}
	answer := func(args ...string) (int, bool, string) {
		var stdout, stderr bytes.Buffer
		code, ok := p.answer(args, &stdout, &stderr)
		if stderr.Len() > 0 {
			t.Errorf("%q: stderr %q", args, stderr.String())
		}
		return code, ok, stdout.String()
	}
	if code, ok, out := answer("-version"); !ok || code != 0 || out != "test (devel) abc\n" {
		t.Errorf("-version: %d %v %q", code, ok, out)
	}
	if code, ok, out := answer("-V=full"); !ok || code != 0 || !regexp.MustCompile(`^test version devel abc buildID=[0-9a-f]{64}\n$`).MatchString(out) {
		t.Errorf("-V=full: %d %v %q", code, ok, out)
	}
	want := `test reports bad names.

Usage:
  test [flags] packages         findings on stderr; exit 3 when there are any
  test -format=sarif packages   SARIF on stdout (also -format=json)
  test -fix [-diff] packages    apply (or show) the suggested fixes
  go vet -vettool=/path/to/test packages
  test help RULE                a rule's documentation and settings
  test -h                       every flag

Rules:
  rename               test analyzer: bad names (off by default)

Run one rule with -RULE, turn one off with -RULE=false, set its settings with
-RULE.SETTING=VALUE. Documentation: https://example.com (docs/rules.md).
`
	if code, ok, out := answer("help"); !ok || code != 0 || out != want {
		t.Errorf("help: %d %v\n%s\nwant:\n%s", code, ok, out, want)
	}
	for _, args := range [][]string{nil, {"./..."}, {"-version", "./..."}} {
		if _, ok, out := answer(args...); ok || out != "" {
			t.Errorf("%q answered: %q", args, out)
		}
	}
}

func TestVetQuery(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"-flags"}, true},
		{[]string{"-V=full"}, true},
		{[]string{"-json", "/tmp/b001/vet.cfg"}, true},
		{[]string{"./..."}, false},
		{nil, false},
	} {
		if got := vetQuery(c.args); got != c.want {
			t.Errorf("vetQuery(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

// "help RULE" prints the summary, the paragraph after it and the examples
// first, then how to run and silence the rule, the rest, and its flags; an
// unknown rule is a usage error that lists the rules.
func TestHelpRule(t *testing.T) {
	documented := &analysis.Analyzer{
		Name: "documented",
		Doc: `check documented things

Why it matters, in a few lines.

How it works, at length.

Bad:

	bad()

Good, with a comment:

	good()

Not reported: the rest.`,
		Run: rename.Run,
	}
	documented.Flags.Bool("strict", false, "a setting")
	p := Program{Options: Options{Name: "test", InfoURI: "https://example.com", Docs: "docs/rules.md", Analyzers: []*analysis.Analyzer{rename, documented}}}
	var stdout, stderr bytes.Buffer
	if code, ok := p.answer([]string{"help", "documented"}, &stdout, &stderr); !ok || code != 0 {
		t.Fatalf("help documented: %d %v %s", code, ok, stderr.String())
	}
	want := `documented: check documented things (on by default)

Why it matters, in a few lines.

Bad:

	bad()

Good, with a comment:

	good()

Run it alone with -documented, turn it off with -documented=false; silence one finding with a comment on its line or the line above:
	//test:ignore documented REASON

# Details

How it works, at length.

Not reported: the rest.

# Flags

  -documented.strict (default false)
	a setting

Documentation: https://example.com/blob/main/docs/rules.md#documented
`
	if got := stdout.String(); got != want {
		t.Errorf("help documented:\n%s\nwant:\n%s", got, want)
	}
	stdout.Reset()
	code, ok := p.answer([]string{"help", "nosuchrule"}, &stdout, &stderr)
	if !ok || code != 2 || stdout.Len() != 0 ||
		stderr.String() != "test: no rule \"nosuchrule\"; the rules are rename, documented (run 'test help' for what each checks)\n" {
		t.Errorf("help nosuchrule: %d %v, stdout %q, stderr %q", code, ok, stdout.String(), stderr.String())
	}
}
