//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers"
)

// bins are the programs under test, built once per run of the test binary
// by TestMain into the repository's bin/ directory.
var bins struct {
	root          string // the repository's root directory
	deletionlint  string // bin/deletionlint
	golangci      string // bin/custom-gcl
	golangciCache string // golangci-lint's cache for this run
}

func TestMain(m *testing.M) {
	cache, err := os.MkdirTemp("", "deletionlint-e2e-golangci-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	bins.golangciCache = cache
	err = build()
	code := 1
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e: building the drivers:", err)
	} else {
		code = m.Run()
	}
	if err := os.RemoveAll(cache); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: removing golangci-lint's cache:", err)
	}
	os.Exit(code)
}

// build builds the deletionlint command (always: go build is fast when
// nothing changed) and the custom golangci-lint (through make, which
// rebuilds it only when its inputs changed).
func build() error {
	root, err := filepath.Abs("..")
	if err != nil {
		return err
	}
	bins.root = root
	bins.deletionlint = filepath.Join(root, "bin", "deletionlint")
	bins.golangci = filepath.Join(root, "bin", "custom-gcl")
	for _, args := range [][]string{
		{"go", "build", "-o", bins.deletionlint, "./cmd/deletionlint"},
		{"make", "--no-print-directory", "golangci-lint"},
	} {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = root
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %v", strings.Join(args, " "), err)
		}
	}
	return nil
}

// exampleDir returns the example operator (examples/): a Go module with
// buggy/ and fixed/ trees, annotated with the findings buggy/ must have.
func exampleDir() string {
	return filepath.Join(bins.root, "examples")
}

var annotation = regexp.MustCompile(`^//\s*finding:\s*(.+?)\s*$`)

// annotations returns the findings the example's "// finding: RULE, ..."
// comments require under subdir, for registered rules only, as file:line
// strings with the rule ("buggy/x.go:12: rule").
func annotations(t *testing.T, dir, subdir string) []string {
	t.Helper()
	var out []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(filepath.Join(dir, subdir), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := relFile(dir, path)
		if err != nil {
			return err
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				m := annotation.FindStringSubmatch(c.Text)
				if m == nil {
					continue
				}
				for _, rule := range strings.Split(m[1], ",") {
					rule = strings.TrimSpace(rule)
					if _, ok := analyzers.Lookup(rule); ok {
						out = append(out, fmt.Sprintf("%s:%d: %s", rel, fset.Position(c.Pos()).Line, rule))
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("reading annotations in %s: %v", dir, err)
	}
	slices.Sort(out)
	return out
}

// lineKeys renders findings as annotations do: file:line: rule.
func lineKeys(fs []finding) []string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Rule))
	}
	slices.Sort(out)
	return out
}

// runAll runs the five outputs of the three drivers on pattern in dir.
func runAll(t *testing.T, dir, pattern string) []*result {
	return []*result{
		runCLI(t, dir, false, pattern),
		runCLI(t, dir, true, pattern),
		runVet(t, dir, false, pattern),
		runVet(t, dir, true, pattern),
		runGolangci(t, dir, readmeGolangciConfig(t), pattern),
	}
}

// checkAgreement checks that every output reports the same findings as the
// command's JSON output, each with a line and a column, with the same
// related information.
func checkAgreement(t *testing.T, rs []*result) {
	t.Helper()
	ref := rs[1]
	for _, r := range rs {
		for _, f := range r.findings {
			if f.Line <= 0 || f.Col <= 0 {
				t.Errorf("%s: finding without line and column: %s\n%s", r.driver, f, r.output())
			}
		}
		missing, extra := diff(keys(ref.findings, true), keys(r.findings, true))
		if len(missing)+len(extra) > 0 {
			t.Errorf("%s and %s disagree:\nonly %s:\n\t%s\nonly %s:\n\t%s\n\n%s\n\n%s", ref.driver, r.driver,
				ref.driver, strings.Join(missing, "\n\t"), r.driver, strings.Join(extra, "\n\t"), ref.output(), r.output())
		}
		missing, extra = diff(ref.related, r.related)
		if len(missing)+len(extra) > 0 {
			t.Errorf("%s and %s disagree on related information:\nonly %s:\n\t%s\nonly %s:\n\t%s\n\n%s\n\n%s", ref.driver, r.driver,
				ref.driver, strings.Join(missing, "\n\t"), r.driver, strings.Join(extra, "\n\t"), ref.output(), r.output())
		}
	}
}

// checkExitCodes checks the drivers' exit codes: with findings the command
// exits 3 whatever its output format, go vet 1 (0 with -json, go vet's
// convention), golangci-lint 1; without findings, all exit 0.
func checkExitCodes(t *testing.T, rs []*result, findings bool) {
	t.Helper()
	want := map[string]int{"deletionlint": 0, "deletionlint -json": 0, "go vet": 0, "go vet -json": 0, "golangci-lint": 0}
	if findings {
		want["deletionlint"], want["deletionlint -json"], want["go vet"], want["golangci-lint"] = 3, 3, 1, 1
	}
	for _, r := range rs {
		if r.exitCode != want[r.driver] {
			t.Errorf("%s exited %d, want %d\n%s", r.driver, r.exitCode, want[r.driver], r.output())
		}
	}
}

// TestDrivers runs the three drivers on the whole example and checks that
// they agree, that they report exactly the annotated findings of the
// registered rules (so nothing outside buggy/, which alone may have
// annotations), and their exit codes.
func TestDrivers(t *testing.T) {
	dir := exampleDir()
	rs := runAll(t, dir, "./...")
	checkAgreement(t, rs)
	want := annotations(t, dir, ".")
	for _, a := range want {
		if !strings.HasPrefix(a, "buggy/") {
			t.Errorf("annotation outside buggy/: %s", a)
		}
	}
	for _, r := range rs {
		missing, extra := diff(want, lineKeys(r.findings))
		if len(missing)+len(extra) > 0 {
			t.Errorf("%s does not report what the annotations require:\nannotated, not reported:\n\t%s\nreported, not annotated:\n\t%s\n\n%s",
				r.driver, strings.Join(missing, "\n\t"), strings.Join(extra, "\n\t"), r.output())
		}
	}
	checkExitCodes(t, rs, len(rs[1].findings) > 0)
	t.Logf("%d findings of %d registered rules, %d annotations", len(rs[1].findings), len(analyzers.Rules()), len(want))
}

// TestFixed checks that the drivers report nothing on the example's fixed/
// tree and exit 0 (the JSON forms exit 0 in any case, see TestDrivers).
func TestFixed(t *testing.T) {
	dir := exampleDir()
	rs := []*result{
		runCLI(t, dir, false, "./fixed/..."),
		runVet(t, dir, false, "./fixed/..."),
		runGolangci(t, dir, readmeGolangciConfig(t), "./fixed/..."),
	}
	for _, r := range rs {
		if len(r.findings) > 0 {
			t.Errorf("%s reports on fixed code:\n\t%s\n\n%s", r.driver, strings.Join(keys(r.findings, true), "\n\t"), r.output())
		}
	}
	checkExitCodes(t, rs, false)
}

// TestCommandFailure checks that the command exits 1, and go vet fails
// too, on a package that does not type-check, and that the command exits 2
// on a bad flag with one line naming it.
func TestCommandFailure(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":    "module example.com/broken\n\ngo 1.26\n",
		"broken.go": "package broken\n\nvar x int = \"not an int\"\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if r := run(t, dir, nil, bins.deletionlint, "./..."); r.exitCode != 1 {
		t.Errorf("deletionlint on a package that does not build exited %d, want 1\n%s", r.exitCode, r.output())
	}
	if r := run(t, dir, nil, "go", "vet", "-vettool="+bins.deletionlint, "./..."); r.exitCode != 1 {
		t.Errorf("go vet on a package that does not build exited %d, want 1\n%s", r.exitCode, r.output())
	}
	if r := run(t, dir, nil, bins.deletionlint, "-nosuchflag", "./..."); r.exitCode != 2 ||
		strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "-nosuchflag") {
		t.Errorf("deletionlint with a bad flag exited %d, want 2 and one line naming the flag\n%s", r.exitCode, r.output())
	}
}

// TestGolangciSettingsErrors checks that each kind of mistake in the
// plugin's settings fails golangci-lint with its failure exit code and a
// message naming the setting path.
func TestGolangciSettingsErrors(t *testing.T) {
	dir := exampleDir()
	type tc struct {
		name, settings, want string
	}
	tests := []tc{
		{"unknown setting", "          include-generatd: true",
			"settings.include-generatd: unknown setting; allowed: enable, disable, "},
		{"wrong type", `          include-generated: "yes"`,
			`settings.include-generated: want true or false, got the string "yes"`},
		{"unknown rule", "          enable: [nosuchrule]",
			`settings.enable: unknown rule "nosuchrule"`},
		{"settings not a map", "          - enable",
			"settings: want a map of deletionlint settings, got a list"},
	}
	if rules := analyzers.Rules(); len(rules) > 0 {
		name := rules[0].Name
		tests = append(tests,
			tc{"rule both enabled and disabled", "          enable: [" + name + "]\n          disable: [" + name + "]",
				`settings.disable: rule "` + name + `" is also in settings.enable`},
			tc{"unknown setting of a rule", "          " + name + ":\n            no-such-setting: 1",
				"settings." + name + ".no-such-setting: unknown setting of " + name},
		)
	} else {
		t.Log("no rule registered: the both-enabled-and-disabled and rule-setting cases need one")
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runGolangci(t, dir, golangciConfig(tt.settings), "./fixed/...")
			if r.exitCode != 3 {
				t.Errorf("exit code %d, want 3 (failure)\n%s", r.exitCode, r.output())
			}
			if !strings.Contains(r.stderr, "plugin(deletionlint)") || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("stderr does not name the plugin and say %q\n%s", tt.want, r.output())
			}
		})
	}
}

// TestFix applies the command's suggested fixes to a copy of the example's
// buggy/ tree and checks that the findings that offered fixes are gone,
// that no finding still offers a fix, and that the code still builds.
func TestFix(t *testing.T) {
	dir := copyModule(t, exampleDir())
	before := runCLI(t, dir, true, "./buggy/...")
	r := run(t, dir, nil, bins.deletionlint, append(ruleFlags(), "-fix", "./buggy/...")...)
	// -fix exits 0 once the fixes are applied.
	if r.exitCode != 0 {
		t.Fatalf("deletionlint -fix exited %d, want 0\n%s", r.exitCode, r.output())
	}
	// It ends with what it did: every fixable finding's fix applied or
	// left for the next run, each other finding counted.
	m := fixSummary.FindStringSubmatch(r.stderr)
	if m == nil {
		t.Errorf("deletionlint -fix does not end with what it did\n%s", r.output())
	} else if applied, _ := strconv.Atoi(m[1]); applied+strings.Count(r.stderr, "conflicts with another fix") != countFixable(before.findings) {
		t.Errorf("deletionlint -fix applied %d fixes and listed %d conflicts; want the %d fixable findings\n%s",
			applied, strings.Count(r.stderr, "conflicts with another fix"), countFixable(before.findings), r.output())
	}
	// Every rule whose documentation promises a fix offers it on its
	// findings in the example, built against the real controller-runtime.
	promised := make(map[string]bool)
	for _, rule := range analyzers.Rules() {
		if rule.Fix != "" {
			promised[rule.Name] = true
		}
	}
	offered := make(map[string]bool)
	for _, f := range before.findings {
		if f.Fixable {
			offered[f.Rule] = true
		}
	}
	for _, f := range before.findings {
		if promised[f.Rule] && !offered[f.Rule] {
			t.Errorf("%s promises a fix (help %s) but offers none on the example: %s", f.Rule, f.Rule, f)
			promised[f.Rule] = false
		}
	}
	after := runCLI(t, dir, true, "./buggy/...")
	// The findings that had a fix are gone (known by rule and message: the
	// fixes move lines); a rule's findings without a fix may remain.
	fixedRules := make(map[string]bool)
	fixed := make(map[[2]string]bool)
	for _, f := range before.findings {
		if f.Fixable {
			fixedRules[f.Rule] = true
			fixed[[2]string{f.Rule, f.Message}] = true
		}
	}
	for _, f := range after.findings {
		if f.Fixable || fixed[[2]string{f.Rule, f.Message}] {
			t.Errorf("after -fix, a finding with a fix is still reported: %s", f)
		}
	}
	if b := run(t, dir, nil, "go", "build", "./..."); b.exitCode != 0 {
		t.Errorf("the fixed copy does not build\n%s", b.output())
	}
	t.Logf("%d fixable findings of rules %v before -fix; %d findings after", countFixable(before.findings), sortedKeys(fixedRules), len(after.findings))
}

var fixSummary = regexp.MustCompile(`(?m)^deletionlint: applied (\d+) fix(?:es)? in \d+ files?(; \d+ findings? ha(?:s|ve) no automatic fix)?(; .*)?\n\z`)

func countFixable(fs []finding) int {
	n := 0
	for _, f := range fs {
		if f.Fixable {
			n++
		}
	}
	return n
}

// copyModule copies the module in dir to a temporary directory, with its
// relative replace directives made absolute so that it builds there.
func copyModule(t *testing.T, dir string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(dir))
	if err := os.CopyFS(dst, os.DirFS(dir)); err != nil {
		t.Fatalf("copying %s: %v", dir, err)
	}
	r := run(t, dst, nil, "go", "mod", "edit", "-json")
	if r.exitCode != 0 {
		t.Fatalf("reading go.mod\n%s", r.output())
	}
	var mod struct {
		Replace []struct {
			Old struct{ Path, Version string }
			New struct{ Path, Version string }
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &mod); err != nil {
		t.Fatalf("decoding go mod edit -json: %v", err)
	}
	for _, rep := range mod.Replace {
		if rep.New.Version != "" || filepath.IsAbs(rep.New.Path) {
			continue
		}
		old := rep.Old.Path
		if rep.Old.Version != "" {
			old += "@" + rep.Old.Version
		}
		abs := filepath.Join(dir, rep.New.Path)
		if r := run(t, dst, nil, "go", "mod", "edit", "-replace="+old+"="+abs); r.exitCode != 0 {
			t.Fatalf("rewriting replace %s\n%s", old, r.output())
		}
	}
	return dst
}
