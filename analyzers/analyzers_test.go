package analyzers

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/setting"
)

// fakeSettings has a setting of each kind Apply handles: a boolean and a
// list of names.
type fakeSettings struct {
	Strict  bool           `setting:"strict" help:"a boolean setting"`
	Helpers *setting.Names `setting:"helpers" help:"a list setting"`
}

// fakeRule returns a rule with fakeSettings.
func fakeRule(name string, def bool) *Rule {
	r := &Rule{
		Name:       name,
		Doc:        "// Package " + name + " is a fake rule.\n//\n// # Analyzer " + name + "\n//\n// " + name + ": fake rule for configuration tests\npackage " + name + "\n",
		Default:    def,
		Severity:   Error,
		Categories: []string{"loud", "quiet"},
		Settings:   &fakeSettings{Helpers: setting.NewNames()},
		Run:        func(*analysis.Pass) (any, error) { return nil, nil },
	}
	lint.New(r)
	return r
}

// withFakeRules replaces the registry for the duration of the test with
// rules "alpha" (on by default) and "beta" (off by default), and puts
// back the registry and the default settings afterwards.
func withFakeRules(t *testing.T) {
	t.Helper()
	saved := rules
	rules = []*Rule{fakeRule("alpha", true), fakeRule("beta", false)}
	t.Cleanup(func() {
		rules = saved
		if _, err := Apply(nil, ""); err != nil {
			t.Error(err)
		}
	})
}

func names(as []*analysis.Analyzer) string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return strings.Join(out, ",")
}

func TestApply(t *testing.T) {
	tests := []struct {
		name     string
		settings map[string]any
		want     string // the analyzers, comma-separated, when no error
		wantErr  string // a substring of the error, naming the setting path
	}{
		{name: "defaults", settings: nil, want: "alpha"},
		{name: "enable", settings: map[string]any{"enable": []any{"beta"}}, want: "alpha,beta"},
		{name: "disable", settings: map[string]any{"disable": []any{"alpha"}}, want: ""},
		{name: "enable list of strings", settings: map[string]any{"enable": []string{"beta"}}, want: "alpha,beta"},
		{name: "rule settings", settings: map[string]any{"alpha": map[string]any{
			"strict": true, "helpers": []any{"example.com/p.Helper"},
		}}, want: "alpha"},
		{name: "global setting", settings: map[string]any{"include-generated": true}, want: "alpha"},
		{name: "global list setting", settings: map[string]any{"deletion-checks": []any{"example.com/p.IsDeleting"}}, want: "alpha"},
		{name: "entry points", settings: map[string]any{
			"entry-points":          []any{"example.com/fw/hooks.Syncer.Sync"},
			"deletion-entry-points": []any{"example.com/fw/hooks.Cleaner.Cleanup"},
		}, want: "alpha"},

		{name: "unknown top-level setting", settings: map[string]any{"colour": "red"},
			wantErr: "settings.colour: unknown setting; allowed: enable, disable, "},
		{name: "unknown rule enabled", settings: map[string]any{"enable": []any{"gamma"}},
			wantErr: `settings.enable: unknown rule "gamma"; rules: alpha, beta`},
		{name: "unknown rule disabled", settings: map[string]any{"disable": []any{"gamma"}},
			wantErr: `settings.disable: unknown rule "gamma"`},
		{name: "enable not a list", settings: map[string]any{"enable": "beta"},
			wantErr: `settings.enable: want a list of rule names, got the string "beta"`},
		{name: "enable list of non-strings", settings: map[string]any{"enable": []any{1}},
			wantErr: "settings.enable: want a list of rule names, got a list"},
		{name: "conflicting enable and disable", settings: map[string]any{"enable": []any{"beta"}, "disable": []any{"beta"}},
			wantErr: `settings.disable: rule "beta" is also in settings.enable`},
		{name: "severity for all rules", settings: map[string]any{"severity": "warning"}, want: "alpha"},
		{name: "severity and exclusions of a rule", settings: map[string]any{"alpha": map[string]any{"severity": "error", "exclude": []any{"cmd/**"}}}, want: "alpha"},
		{name: "exclusions for all rules", settings: map[string]any{"exclude": []any{"internal/legacy", "**/*_test.go"}}, want: "alpha"},
		{name: "unknown severity", settings: map[string]any{"severity": "fatal"},
			wantErr: `settings.severity: want error or warning, got the string "fatal"`},
		{name: "severity of a rule not a string", settings: map[string]any{"alpha": map[string]any{"severity": true}},
			wantErr: "settings.alpha.severity: want error or warning, got the boolean true"},
		{name: "exclude not a list", settings: map[string]any{"exclude": "vendor"},
			wantErr: `settings.exclude: want a list of path patterns, got the string "vendor"`},
		{name: "bad exclusion pattern", settings: map[string]any{"exclude": []any{"ok/**", "/abs"}},
			wantErr: `settings.exclude[1]: pattern "/abs": want a slash-separated path relative to the module root`},
		{name: "bad exclusion pattern of a rule", settings: map[string]any{"alpha": map[string]any{"exclude": []any{"a/[b"}}},
			wantErr: `settings.alpha.exclude[0]: pattern "a/[b": malformed glob "[b"`},
		{name: "rule settings not a map", settings: map[string]any{"alpha": true},
			wantErr: "settings.alpha: want a map of alpha's settings, got the boolean true"},
		{name: "unknown rule setting", settings: map[string]any{"alpha": map[string]any{"colour": "red"}},
			wantErr: "settings.alpha.colour: unknown setting of alpha; allowed: severity, category-severity, exclude, helpers, strict"},
		{name: "severity of a category", settings: map[string]any{"alpha": map[string]any{"category-severity": map[string]any{"quiet": "warning"}}}, want: "alpha"},
		{name: "category-severity not a map", settings: map[string]any{"alpha": map[string]any{"category-severity": "warning"}},
			wantErr: `settings.alpha.category-severity: want a map of alpha's categories to error or warning, got the string "warning"`},
		{name: "unknown category", settings: map[string]any{"alpha": map[string]any{"category-severity": map[string]any{"mute": "warning"}}},
			wantErr: "settings.alpha.category-severity.mute: unknown category of alpha; its categories: loud, quiet"},
		{name: "unknown severity of a category", settings: map[string]any{"alpha": map[string]any{"category-severity": map[string]any{"quiet": "low"}}},
			wantErr: `settings.alpha.category-severity.quiet: want error or warning, got the string "low"`},
		{name: "bool setting given a string", settings: map[string]any{"alpha": map[string]any{"strict": "yes"}},
			wantErr: `settings.alpha.strict: want true or false, got the string "yes"`},
		{name: "list setting given a string", settings: map[string]any{"alpha": map[string]any{"helpers": "example.com/p.F"}},
			wantErr: `settings.alpha.helpers: want a list of strings, got the string "example.com/p.F"`},
		{name: "list setting given a bad name", settings: map[string]any{"alpha": map[string]any{"helpers": []any{"not a name"}}},
			wantErr: "settings.alpha.helpers: "},
		{name: "bool setting given a map", settings: map[string]any{"alpha": map[string]any{"strict": map[string]any{}}},
			wantErr: "settings.alpha.strict: want true or false, got a map"},
		{name: "list setting given a number", settings: map[string]any{"alpha": map[string]any{"helpers": 3}},
			wantErr: "settings.alpha.helpers: want a list of strings, got int 3"},
		{name: "global bool given a string", settings: map[string]any{"include-generated": "true"},
			wantErr: `settings.include-generated: want true or false, got the string "true"`},
		{name: "global list given nothing valid", settings: map[string]any{"deletion-checks": []any{"IsDeleting"}},
			wantErr: "settings.deletion-checks: "},
		{name: "entry point not a method", settings: map[string]any{"deletion-entry-points": []any{"Cleanup"}},
			wantErr: "settings.deletion-entry-points: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			withFakeRules(t)
			got, err := configure(tt.settings)
			if tt.wantErr != "" {
				if err == nil {
					t.Fatalf("Apply: no error, want %q", tt.wantErr)
				}
				if !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Apply: error %q, want it to contain %q", err, tt.wantErr)
				}
				if strings.Count(err.Error(), "settings.") < 1 || strings.Contains(err.Error(), "\n") {
					t.Errorf("Apply: error %q is not one line naming the setting path", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Apply: %v", err)
			}
			if names(got) != tt.want {
				t.Errorf("Apply: analyzers %q, want %q", names(got), tt.want)
			}
		})
	}
}

// TestUnknownSettingListsAllowed checks that the error for an unknown
// top-level key lists every key that is allowed: the global settings and
// the rules.
func TestUnknownSettingListsAllowed(t *testing.T) {
	withFakeRules(t)
	_, err := configure(map[string]any{"colour": "red"})
	if err == nil {
		t.Fatal("no error")
	}
	want := []string{"enable", "disable", "severity", "exclude", "alpha", "beta"}
	GlobalFlags().VisitAll(func(f *flag.Flag) { want = append(want, f.Name) })
	for _, key := range want {
		if !strings.Contains(err.Error(), " "+key) {
			t.Errorf("error %q does not list %s", err, key)
		}
	}
}

// TestSeverityAndExclusions checks what Apply makes of severity and exclude:
// a rule's own setting wins over the one for all rules, and exclusions go by
// the path relative to the root, for all rules or one.
func TestSeverityAndExclusions(t *testing.T) {
	withFakeRules(t)
	t.Cleanup(func() { _, _ = Apply(nil, "") })
	root := filepath.Join(string(filepath.Separator), "src", "m")
	c, err := Apply(map[string]any{
		"severity": "warning",
		"exclude":  []any{"internal/legacy"},
		"alpha":    map[string]any{"severity": "error", "exclude": []any{"**/*_test.go"}},
	}, root)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Severity("alpha"); got != Error {
		t.Errorf("alpha's severity = %s, want its own, error", got)
	}
	if got := c.Severity("beta"); got != Warning {
		t.Errorf("beta's severity = %s, want the one for all rules, warning", got)
	}
	for _, tt := range []struct {
		rule, file string
		want       bool
	}{
		{"alpha", "internal/legacy/a.go", true},
		{"beta", "internal/legacy/a.go", true},
		{"alpha", "pkg/a_test.go", true},
		{"beta", "pkg/a_test.go", false},
		{"alpha", "pkg/a.go", false},
		{"alpha", "../other/internal/legacy/a.go", false},
	} {
		file := filepath.Join(root, filepath.FromSlash(tt.file))
		if got := c.Excluded(tt.rule, file); got != tt.want {
			t.Errorf("Excluded(%s, %s) = %v, want %v", tt.rule, tt.file, got, tt.want)
		}
		// The rules see the exclusions in the shared settings.
		if got := lint.Excluded(GlobalFlags().Lookup("exclude").Value.(*setting.Names).Values(), tt.rule, root, file); got != tt.want {
			t.Errorf("the exclude setting leaves out %s's findings in %s: %v, want %v", tt.rule, tt.file, got, tt.want)
		}
	}
	c, err = Apply(nil, root)
	if err != nil {
		t.Fatal(err)
	}
	if ex := GlobalFlags().Lookup("exclude").Value.String(); c.Severity("alpha") != Error || ex != "" {
		t.Errorf("without settings: severity %s, exclusions %q; want error and none", c.Severity("alpha"), ex)
	}
}

// TestReservedRuleKeys: no rule has a setting called severity or exclude,
// which every rule's settings take for themselves.
func TestReservedRuleKeys(t *testing.T) {
	for _, r := range Rules() {
		for _, key := range []string{keySeverity, keyExclude} {
			if r.Analyzer().Flags.Lookup(key) != nil {
				t.Errorf("%s has a setting %q, which is reserved", r.Name, key)
			}
		}
	}
}

// TestApplyAppliesValues checks that accepted settings reach the flags
// the analyzers read.
func TestApplyAppliesValues(t *testing.T) {
	withFakeRules(t)
	_, err := configure(map[string]any{
		"include-generated": true,
		"alpha":             map[string]any{"strict": true, "helpers": []any{"example.com/p.Helper"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !IncludeGenerated() {
		t.Error("include-generated was not applied")
	}
	a, _ := Lookup("alpha")
	for flagName, want := range map[string]string{"strict": "true", "helpers": "example.com/p.Helper"} {
		if got := a.Analyzer().Flags.Lookup(flagName).Value.String(); got != want {
			t.Errorf("alpha.%s = %q, want %q", flagName, got, want)
		}
	}
}

// TestRegisteredRules checks every rule actually registered: its settings
// are reachable through Apply, and an unknown one is an error naming
// its path. (The drivers' selection of rules, -RULE for a rule off by
// default, is tested in internal/driver and cmd/deletionlint.)
func TestRegisteredRules(t *testing.T) {
	for _, r := range Rules() {
		name := r.Name
		_, err := configure(map[string]any{name: map[string]any{"no-such-setting": true}})
		want := "settings." + name + ".no-such-setting: unknown setting of " + name
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", name, err, want)
		}
	}
}

// TestRunDespiteErrors: every rule and every analysis a rule requires runs
// on packages with type errors. That is sound because each is fuzzed on
// partially typed programs (FuzzSource, FuzzGenerated) and its recognisers
// skip what has no type instead of guessing; and it matters because the
// most common type error in real operators is generated code that is not
// committed (zz_generated.deepcopy.go), which would otherwise skip every
// rule in the API package and in every package that imports it.
func TestRunDespiteErrors(t *testing.T) {
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		if !a.RunDespiteErrors {
			t.Errorf("%s does not run despite type errors", a.Name)
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, r := range Rules() {
		visit(r.Analyzer())
	}
}

// released matches the heading of a released version in CHANGELOG.md:
// "## [0.1.0] - 2026-12-01".
var released = regexp.MustCompile(`(?m)^## \[v?\d+\.\d+\.\d+\]`)

// TestNewRulesOffByDefault enforces docs/compatibility.md: once a release
// is out (listed in CHANGELOG.md), a rule that no release has shipped yet
// (Since "unreleased") is off by default, so that upgrading deletionlint
// never fails a CI job on a rule its users have not seen.
func TestNewRulesOffByDefault(t *testing.T) {
	log, err := os.ReadFile(filepath.Join("..", "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range Rules() {
		if r.Since == "" {
			t.Errorf("%s: no Since (the release that first shipped it, or \"unreleased\")", r.Name)
		}
		if r.Since == "unreleased" && r.Default && released.Match(log) {
			t.Errorf("%s is new (Since: unreleased) and on by default: a new rule ships off by default for one release (docs/compatibility.md)", r.Name)
		}
	}
}

// configure applies settings as the tests' configuration, with no root for
// exclusions, and returns the analyzers to run.
func configure(settings map[string]any) ([]*analysis.Analyzer, error) {
	c, err := Apply(settings, "")
	if err != nil {
		return nil, err
	}
	return c.Analyzers, nil
}

// TestCategorySeverity: a rule's category-severity sets the severity of
// the findings of those categories; the others keep the rule's.
func TestCategorySeverity(t *testing.T) {
	withFakeRules(t)
	root := filepath.Join(string(filepath.Separator), "src", "m")
	cs, err := Apply(map[string]any{"alpha": map[string]any{"category-severity": map[string]any{"quiet": "warning"}}}, root)
	if err != nil {
		t.Fatal(err)
	}
	if got := cs.CategorySeverity("alpha", "quiet"); got != Warning {
		t.Errorf("alpha's quiet findings: %s, want their own severity, warning", got)
	}
	if got := cs.CategorySeverity("alpha", "loud"); got != Error {
		t.Errorf("alpha's loud findings: %s, want the rule's severity, error", got)
	}
}
