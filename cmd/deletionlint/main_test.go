package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// bin is the deletionlint command built for these tests.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "deletionlint-cmd")
	if err != nil {
		panic(err)
	}
	bin = filepath.Join(dir, "deletionlint")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		_ = os.RemoveAll(dir) // the build error is the one to report
		panic("building deletionlint: " + err.Error() + "\n" + string(out))
	}
	graphGopath = filepath.Join(dir, "graph")
	if err := gopathtest.Tree(graphGopath, graphCases); err != nil {
		_ = os.RemoveAll(dir)
		panic("copying the graph test cases: " + err.Error())
	}
	code := m.Run()
	if err := os.RemoveAll(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(code)
}

// run runs name with args in the GOPATH fixture tree (testdata) and returns
// its exit code, stdout and stderr.
func run(t *testing.T, name string, args ...string) (int, string, string) {
	t.Helper()
	gopath, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = filepath.Join(gopath, "src")
	cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode(), stdout.String(), stderr.String()
	case err != nil:
		t.Fatalf("%s %q: %v", name, args, err)
	}
	return 0, stdout.String(), stderr.String()
}

func TestVersion(t *testing.T) {
	code, out, _ := run(t, bin, "-version")
	if code != 0 || !strings.HasPrefix(out, "deletionlint ") {
		t.Errorf("-version: exit %d, output %q", code, out)
	}
}

// TestFlagErrors runs the command, standalone, with -sarif and as a go vet
// tool, with bad flags: each must fail with one message naming the flag.
func TestFlagErrors(t *testing.T) {
	type bad struct {
		flag, want string
	}
	cases := []bad{
		{"-nosuch.setting=1", "flag provided but not defined: -nosuch.setting"},
		{"-include-generated=maybe", `invalid boolean value "maybe" for -include-generated`},
		{"-deletion-checks=NotQualified", "-deletion-checks"},
		{"-entry-points=Sync", "-entry-points"},
		{"-deletion-entry-points=example.com/fw.Cleaner.Cleanup.Extra", "-deletion-entry-points"},
	}
	for _, r := range analyzers.Rules() {
		name := r.Name
		cases = append(cases, bad{"-" + name + ".no-such-setting=1", "flag provided but not defined: -" + name + ".no-such-setting"})
		r.Analyzer().Flags.VisitAll(func(f *flag.Flag) {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				cases = append(cases, bad{"-" + name + "." + f.Name + "=maybe", "-" + name + "." + f.Name})
			}
		})
	}
	for _, c := range cases {
		for _, driver := range []struct {
			name string
			args []string
		}{
			{"standalone", []string{c.flag, "clean"}},
			{"sarif", []string{"-sarif", c.flag, "clean"}},
			{"vet", []string{"vet", "-vettool=" + bin, c.flag, "clean"}},
		} {
			t.Run(driver.name+"/"+c.flag, func(t *testing.T) {
				command := bin
				if driver.name == "vet" {
					command = "go"
				}
				code, stdout, stderr := run(t, command, driver.args...)
				if code == 0 {
					t.Fatalf("exit 0, want failure; stdout %q", stdout)
				}
				if !strings.Contains(stderr, c.want) {
					t.Errorf("stderr does not contain %q:\n%s", c.want, stderr)
				}
			})
		}
	}
}

// TestDefaultDriversUnchanged checks that the text, -json and go vet paths
// behave as the analysis drivers do: a clean package passes, and a package
// that cannot be loaded fails.
func TestDefaultDriversUnchanged(t *testing.T) {
	if code, out, errOut := run(t, bin, "clean"); code != 0 || out != "" {
		t.Errorf("clean: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, _ := run(t, bin, "-json", "directive")
	if code != 3 || !json.Valid([]byte(out)) {
		t.Errorf("-json: exit %d, want 3 (a finding, whatever the format), output %q", code, out)
	}
	if code, _, errOut := run(t, "go", "vet", "-vettool="+bin, "clean"); code != 0 {
		t.Errorf("go vet clean: exit %d: %s", code, errOut)
	}
	if code, _, _ := run(t, bin, "broken"); code == 0 {
		t.Error("broken: exit 0, want failure")
	}
	if code, _, _ := run(t, "go", "vet", "-vettool="+bin, "-sarif", "clean"); code == 0 {
		t.Error("go vet -sarif: accepted, but SARIF is for the standalone command only")
	}
}

func TestSARIF(t *testing.T) {
	code, out, errOut := run(t, bin, "-sarif", "directive")
	if code != 3 {
		t.Fatalf("exit %d, want 3 (a finding, whatever the format): %s", code, errOut)
	}
	// The schema test (internal/sarif/schematest) validates this output
	// against the SARIF 2.1.0 schema.
	if !json.Valid([]byte(out)) {
		t.Fatalf("not JSON: %q", out)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID  string
				Message struct{ Text string }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	run0 := log.Runs[0]
	byDefault := 0
	for _, r := range analyzers.Rules() {
		if r.Default {
			byDefault++
		}
	}
	if got, want := len(run0.Tool.Driver.Rules), byDefault; got != want {
		t.Errorf("%d rules in the log, want the %d that run by default", got, want)
	}
	// Whatever rules are registered, the malformed directive is reported
	// once if any runs.
	want := 0
	if byDefault > 0 {
		want = 1
	}
	got := 0
	for _, r := range run0.Results {
		if strings.Contains(r.Message.Text, "names no rule") {
			got++
		}
	}
	if got != want {
		t.Errorf("malformed directive reported %d times, want %d:\n%s", got, want, out)
	}
}

func TestSARIFLoadError(t *testing.T) {
	code, out, _ := run(t, bin, "-sarif", "broken")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	// Validated against the schema by internal/sarif/schematest.
	if !json.Valid([]byte(out)) {
		t.Fatalf("not JSON: %q", out)
	}
	if !strings.Contains(out, `"executionSuccessful": false`) || !strings.Contains(out, "not an int") {
		t.Errorf("the log does not record the failure:\n%s", out)
	}
}

func TestSARIFUsageErrors(t *testing.T) {
	code, _, stderr := run(t, bin, "-sarif", "-json", "clean")
	if code != 2 || !strings.Contains(stderr, "-sarif cannot be combined with -json") {
		t.Errorf("-sarif -json: exit %d, stderr %q", code, stderr)
	}
}

// "deletionlint help" prints deletionlint's own overview: how to run it and
// every rule, not the analysis framework's generic help.
func TestHelpOverview(t *testing.T) {
	code, out, _ := run(t, bin, "help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"go vet -vettool=", "deletionlint help RULE", "docs/rules.md"} {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q:\n%s", want, out)
		}
	}
	for _, r := range analyzers.Rules() {
		if !strings.Contains(out, "  "+r.Name+" ") {
			t.Errorf("help does not list %s:\n%s", r.Name, out)
		}
	}
	for _, generic := range []string{"printf", "-fixtool", "deprecated"} {
		if strings.Contains(out, generic) {
			t.Errorf("help has the generic text %q:\n%s", generic, out)
		}
	}
}

// "deletionlint help RULE" starts with the rule's summary and its bad and
// good examples, within the first screen, and names the suppression
// directive; "help nosuchrule" lists the rules.
func TestHelpRule(t *testing.T) {
	for _, r := range analyzers.Rules() {
		name := r.Name
		code, out, _ := run(t, bin, "help", name)
		if code != 0 || !strings.HasPrefix(out, name+": ") {
			t.Errorf("help %s: exit %d, output starts %q", name, code, firstLine(out))
			continue
		}
		lines := strings.Split(out, "\n")
		bad, good := -1, -1
		for i, l := range lines {
			if bad < 0 && strings.HasPrefix(l, "Bad") {
				bad = i
			}
			if good < 0 && strings.HasPrefix(l, "Good") {
				good = i
			}
		}
		if bad < 0 || bad > 15 || good < bad {
			t.Errorf("help %s: the bad example is at line %d and the good one at %d; want the bad one within the first 15 lines, before the good one", name, bad+1, good+1)
		}
		if !strings.Contains(out, "//deletionlint:ignore "+name+" REASON") {
			t.Errorf("help %s does not say how to silence a finding", name)
		}
	}
	code, out, errOut := run(t, bin, "help", "nosuchrule")
	if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, `no rule "nosuchrule"; the rules are `) {
		t.Errorf("help nosuchrule: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, r := range analyzers.Rules() {
		if !strings.Contains(errOut, r.Name) {
			t.Errorf("help nosuchrule does not list %s: %s", r.Name, errOut)
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// -V=full names the version and a build ID that changes with the binary, in
// the form go vet parses (TestDefaultDriversUnchanged runs go vet with it).
func TestVersionFull(t *testing.T) {
	code, out, _ := run(t, bin, "-V=full")
	if code != 0 || !regexp.MustCompile(`^deletionlint version (devel|v\d)[^\n]* buildID=[0-9a-f]{64}\n$`).MatchString(out) {
		t.Errorf("-V=full: exit %d, %q", code, out)
	}
	if strings.Contains(out, "comments-go-here") {
		t.Errorf("-V=full prints a placeholder: %q", out)
	}
}

// go vet learns the tool's flags before running it: the flags of rules that
// are off by default must be among them, so that -RULE enables one there.
func TestVetEnablesRuleOffByDefault(t *testing.T) {
	for _, r := range analyzers.Rules() {
		if r.Default {
			continue
		}
		if code, _, errOut := run(t, "go", "vet", "-vettool="+bin, "-"+r.Name, "clean"); code != 0 {
			t.Errorf("go vet -%s: exit %d: %s", r.Name, code, errOut)
		}
	}
}

// A rule off by default can also be named false, standalone and under go
// vet, and its settings are flags even when it does not run.
func TestRuleOffByDefaultDeselected(t *testing.T) {
	for _, r := range analyzers.Rules() {
		if r.Default {
			continue
		}
		name := r.Name
		if code, _, errOut := run(t, bin, "-"+name+"=false", "clean"); code != 0 {
			t.Errorf("-%s=false: exit %d: %s", name, code, errOut)
		}
		if code, _, errOut := run(t, "go", "vet", "-vettool="+bin, "-"+name+"=false", "clean"); code != 0 {
			t.Errorf("go vet -%s=false: exit %d: %s", name, code, errOut)
		}
	}
}
