//go:build e2e

package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers"
)

// A finding is one diagnostic as a driver reports it. File is relative to
// the example module's directory, with forward slashes. Rule is empty for the
// drivers' text output, which does not name it.
type finding struct {
	File      string
	Line, Col int
	Rule      string
	Message   string
	// Fixable reports whether the finding carries a suggested fix (known
	// from the command's JSON output only).
	Fixable bool
}

func (f finding) String() string {
	if f.Rule == "" {
		return fmt.Sprintf("%s:%d:%d: %s", f.File, f.Line, f.Col, f.Message)
	}
	return fmt.Sprintf("%s:%d:%d: [%s] %s", f.File, f.Line, f.Col, f.Rule, f.Message)
}

// result is what one run of a driver produced.
type result struct {
	driver   string
	text     bool // the text form, whose findings do not name the rule
	cmd      string
	exitCode int
	stdout   string
	stderr   string
	findings []finding
	// related is the related information of the findings, as
	// "file:line:col: rule: message" (JSON outputs only).
	related []string
}

// output renders the run for failure messages.
func (r *result) output() string {
	return fmt.Sprintf("$ %s\nexit code %d\n--- stdout:\n%s\n--- stderr:\n%s", r.cmd, r.exitCode, r.stdout, r.stderr)
}

// run runs name with args in dir and returns its outputs and exit code; it
// fails the test when the program cannot be started at all.
func run(t *testing.T, dir string, env []string, name string, args ...string) *result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := &result{
		cmd:    "cd " + dir + " && " + strings.Join(append(env, append([]string{name}, args...)...), " "),
		stdout: stdout.String(),
		stderr: stderr.String(),
	}
	var exitErr *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exitErr):
		r.exitCode = exitErr.ExitCode()
	default:
		t.Fatalf("%s: %v", r.cmd, err)
	}
	return r
}

// ruleFlags returns the flags that enable every registered rule, whether it
// runs by default or not.
func ruleFlags() []string {
	var out []string
	for _, r := range analyzers.Rules() {
		out = append(out, "-"+r.Analyzer.Name)
	}
	return out
}

// ruleNames returns the names of the registered rules.
func ruleNames() []string {
	var out []string
	for _, r := range analyzers.Rules() {
		out = append(out, r.Analyzer.Name)
	}
	return out
}

// runCLI runs the deletionlint command on patterns in dir, in text form or
// with -json.
func runCLI(t *testing.T, dir string, jsonOut bool, patterns ...string) *result {
	t.Helper()
	args := ruleFlags()
	driver := "deletionlint"
	if jsonOut {
		args = append(args, "-json")
		driver = "deletionlint -json"
	}
	r := run(t, dir, nil, bins.deletionlint, append(args, patterns...)...)
	r.driver, r.text = driver, !jsonOut
	var err error
	if jsonOut {
		r.findings, r.related, err = parseAnalysisJSON(dir, r.stdout)
	} else {
		r.findings, err = parseText(dir, r.stderr)
	}
	if err != nil {
		t.Fatalf("%s: %v\n%s", driver, err, r.output())
	}
	return r
}

// runVet runs go vet with deletionlint as its vet tool, in text form or
// with -json (which names the rules).
func runVet(t *testing.T, dir string, jsonOut bool, patterns ...string) *result {
	t.Helper()
	args := append([]string{"vet", "-vettool=" + bins.deletionlint}, ruleFlags()...)
	driver := "go vet"
	if jsonOut {
		args = append(args, "-json")
		driver = "go vet -json"
	}
	r := run(t, dir, nil, "go", append(args, patterns...)...)
	r.driver, r.text = driver, !jsonOut
	var err error
	if jsonOut {
		// go vet writes the JSON to stdout, older releases to stderr.
		out := r.stdout
		if strings.TrimSpace(out) == "" {
			out = stripPackageHeaders(r.stderr)
		}
		r.findings, r.related, err = parseAnalysisJSON(dir, out)
	} else {
		r.findings, err = parseText(dir, r.stderr)
	}
	if err != nil {
		t.Fatalf("%s: %v\n%s", driver, err, r.output())
	}
	return r
}

// golangciConfig returns a .golangci.yml that runs only deletionlint, with
// settings (YAML, indented to sit under settings:) and every issue reported:
// no per-linter or per-text limits, no merging of issues on one line. It
// does not take golangci-lint's machine-wide lock, which would fail the run
// when another golangci-lint runs.
func golangciConfig(settings string) string {
	return `version: "2"
linters:
  default: none
  enable:
    - deletionlint
  settings:
    custom:
      deletionlint:
        type: module
        description: Kubernetes controller code that gets deletion wrong
        settings:
` + settings + `
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
run:
  relative-path-mode: gomod
  # Each run has its own cache (GOLANGCI_LINT_CACHE), so runs of these
  # tests and other golangci-lint runs on the machine can overlap.
  allow-parallel-runners: true
output:
  show-stats: false
  formats:
    json:
      path: stdout
`
}

// machineOutput is what the tests add to a user's .golangci.yml: JSON on
// stdout, paths relative to the module, and no machine-wide lock (each run
// has its own GOLANGCI_LINT_CACHE, so runs can overlap). None of it changes
// which issues are reported.
const machineOutput = `run:
  relative-path-mode: gomod
  allow-parallel-runners: true
output:
  show-stats: false
  formats:
    json:
      path: stdout
`

var readmeBlock = regexp.MustCompile("(?s)```yaml\n(version: \"2\"\n.*?)```")

// readmeGolangciConfig returns the .golangci.yml the README tells users to
// write, with every registered rule enabled (in its enable: [] line; the
// rules that are on by default need nothing), and machineOutput: what a
// user who follows the README sees, golangci-lint's defaults included
// (other linters, at most one issue per line).
func readmeGolangciConfig(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(bins.root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := readmeBlock.FindSubmatch(data)
	if m == nil {
		t.Fatal("README.md has no ```yaml block with a .golangci.yml")
	}
	cfg := string(m[1])
	const enable = "enable: []"
	if !strings.Contains(cfg, enable) {
		t.Fatalf("the README's .golangci.yml has no %q line under settings", enable)
	}
	cfg = strings.Replace(cfg, enable, "enable: ["+strings.Join(ruleNames(), ", ")+"]", 1)
	return cfg + machineOutput
}

// enableAllSettings are the plugin settings that enable every registered
// rule.
func enableAllSettings() string {
	return "          enable: [" + strings.Join(ruleNames(), ", ") + "]"
}

// runGolangci runs the custom golangci-lint on patterns in dir with the
// given configuration file contents.
func runGolangci(t *testing.T, dir, config string, patterns ...string) *result {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), ".golangci.yml")
	if err := os.WriteFile(cfg, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"run", "-c", cfg}, patterns...)
	r := run(t, dir, []string{"GOLANGCI_LINT_CACHE=" + bins.golangciCache}, bins.golangci, args...)
	r.driver = "golangci-lint"
	if r.exitCode == 0 || r.exitCode == 1 {
		var err error
		r.findings, r.related, err = parseGolangciJSON(dir, r.stdout)
		if err != nil {
			t.Fatalf("golangci-lint: %v\n%s", err, r.output())
		}
	}
	return r
}

var textLine = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): (.*)$`)

// parseText reads the drivers' text form, file:line:col: message, one per
// line; other lines (go vet's "# package" headers) and related information
// (file:line:col: <tab>message, printed after its finding) are ignored.
func parseText(dir, out string) ([]finding, error) {
	var fs []finding
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		m := textLine.FindStringSubmatch(sc.Text())
		if m == nil || strings.HasPrefix(m[4], "\t") {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		file, err := relFile(dir, m[1])
		if err != nil {
			return nil, err
		}
		fs = append(fs, finding{File: file, Line: line, Col: col, Message: m[4]})
	}
	return fs, sc.Err()
}

// stripPackageHeaders removes go vet's "# package" lines, leaving the
// stream of JSON objects it prints, one per package.
func stripPackageHeaders(out string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(out, "\n") {
		if !strings.HasPrefix(l, "# ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

// parseAnalysisJSON reads the go/analysis JSON form, a stream of objects
// {"package": {"rule": [diagnostic...] or {"error": "..."}}}, and returns
// the findings and their related information; an analysis error is
// returned as an error.
func parseAnalysisJSON(dir, out string) ([]finding, []string, error) {
	var fs []finding
	var related []string
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			if err.Error() == "EOF" {
				break
			}
			return nil, nil, fmt.Errorf("decoding JSON output: %v", err)
		}
		for pkg, byRule := range tree {
			for rule, raw := range byRule {
				var failed struct {
					Error string `json:"error"`
				}
				if json.Unmarshal(raw, &failed) == nil && failed.Error != "" {
					return nil, nil, fmt.Errorf("package %s, rule %s: %s", pkg, rule, failed.Error)
				}
				var diags []struct {
					Posn           string            `json:"posn"`
					Message        string            `json:"message"`
					SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
					Related        []struct {
						Posn    string `json:"posn"`
						Message string `json:"message"`
					} `json:"related"`
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					return nil, nil, fmt.Errorf("package %s, rule %s: %v", pkg, rule, err)
				}
				for _, d := range diags {
					f, err := parsePosn(dir, d.Posn)
					if err != nil {
						return nil, nil, err
					}
					f.Rule, f.Message, f.Fixable = rule, d.Message, len(d.SuggestedFixes) > 0
					fs = append(fs, f)
					for _, rel := range d.Related {
						rf, err := parsePosn(dir, rel.Posn)
						if err != nil {
							return nil, nil, err
						}
						rf.Rule, rf.Message = rule, rel.Message
						related = append(related, rf.String())
					}
				}
			}
		}
	}
	sort.Strings(related)
	return fs, related, nil
}

// relatedPart is one piece of related information folded into a
// golangci-lint issue by the plugin: "file.go:12:3: message".
var relatedPart = regexp.MustCompile(`([^ :;]+\.go):(\d+):(\d+): ([^;]*)(?:; |$)`)

// parseGolangciJSON reads golangci-lint's JSON output and returns the
// deletionlint findings and their related information. Issues of a linter
// with several analyzers read "rule: message"; the plugin folds a finding's
// related information into it, "message (related: file.go:12:3: message;
// ...)", with the file's base name (related information is in the
// finding's package).
func parseGolangciJSON(dir, out string) ([]finding, []string, error) {
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		return nil, nil, fmt.Errorf("decoding JSON output: %v", err)
	}
	var fs []finding
	var related []string
	for _, is := range report.Issues {
		if is.FromLinter != "deletionlint" {
			continue // golangci-lint's default linters, under the README's configuration
		}
		rule, msg, ok := strings.Cut(is.Text, ": ")
		if !ok {
			return nil, nil, fmt.Errorf("issue text %q does not start with a rule name", is.Text)
		}
		if strings.HasSuffix(rule, "(related information)") {
			return nil, nil, fmt.Errorf("related information reported as an issue of its own: %s", is.Text)
		}
		file, err := relFile(dir, is.Pos.Filename)
		if err != nil {
			return nil, nil, err
		}
		msg, rel, _ := strings.Cut(msg, " (related: ")
		f := finding{File: file, Line: is.Pos.Line, Col: is.Pos.Column, Rule: rule, Message: msg}
		fs = append(fs, f)
		for _, part := range relatedPart.FindAllStringSubmatch(strings.TrimSuffix(rel, ")"), -1) {
			line, _ := strconv.Atoi(part[2])
			col, _ := strconv.Atoi(part[3])
			rf := finding{File: path.Join(path.Dir(file), part[1]), Line: line, Col: col, Rule: rule, Message: part[4]}
			related = append(related, rf.String())
		}
	}
	sort.Strings(related)
	return fs, related, nil
}

var posn = regexp.MustCompile(`^(.+):(\d+):(\d+)$`)

func parsePosn(dir, s string) (finding, error) {
	m := posn.FindStringSubmatch(s)
	if m == nil {
		return finding{}, fmt.Errorf("position %q is not file:line:col", s)
	}
	line, _ := strconv.Atoi(m[2])
	col, _ := strconv.Atoi(m[3])
	file, err := relFile(dir, m[1])
	return finding{File: file, Line: line, Col: col}, err
}

// relFile returns file relative to dir; relative names are taken as
// relative to dir already.
func relFile(dir, file string) (string, error) {
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", fmt.Errorf("finding in %s, outside the example %s", file, dir)
	}
	return filepath.ToSlash(rel), nil
}

// keys renders findings as sorted strings; withRule false drops the rule,
// to compare with the text outputs.
func keys(fs []finding, withRule bool) []string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		if !withRule {
			f.Rule = ""
		}
		out = append(out, f.String())
	}
	sort.Strings(out)
	return out
}

// diff returns the elements of a missing from b and those of b missing
// from a, counting duplicates.
func diff(a, b []string) (onlyA, onlyB []string) {
	count := make(map[string]int)
	for _, s := range a {
		count[s]++
	}
	for _, s := range b {
		count[s]--
	}
	for _, s := range sortedKeys(count) {
		for n := count[s]; n > 0; n-- {
			onlyA = append(onlyA, s)
		}
		for n := count[s]; n < 0; n++ {
			onlyB = append(onlyB, s)
		}
	}
	return onlyA, onlyB
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
