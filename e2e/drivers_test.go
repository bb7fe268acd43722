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
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers"
)

// A finding is one diagnostic as a driver reports it. File is relative to
// the example module's directory, with forward slashes.
type finding struct {
	File      string
	Line, Col int
	Rule      string
	Message   string
	// Fixable reports whether the finding carries a suggested fix (known
	// from the command's JSON output only).
	Fixable bool
	// Warning reports whether the text output marks the finding as a
	// warning ("(RULE, warning)"; text outputs and go vet only).
	Warning bool
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
	text     bool // the text form
	cmd      string
	exitCode int
	stdout   string
	stderr   string
	findings []finding
	// related is the related information of the findings, as
	// "file:line:col: [rule] message".
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
		out = append(out, "-"+r.Name)
	}
	return out
}

// ruleNames returns the names of the registered rules.
func ruleNames() []string {
	var out []string
	for _, r := range analyzers.Rules() {
		out = append(out, r.Name)
	}
	return out
}

// runCLI runs the deletionlint command on patterns in dir, with every rule
// enabled, in text form or with -json.
func runCLI(t *testing.T, dir string, jsonOut bool, patterns ...string) *result {
	t.Helper()
	return runCLIFlags(t, dir, jsonOut, ruleFlags(), patterns...)
}

// runCLIFlags is runCLI with the given flags instead of those enabling
// every rule.
func runCLIFlags(t *testing.T, dir string, jsonOut bool, flags []string, patterns ...string) *result {
	t.Helper()
	args := slices.Clone(flags)
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
		r.findings, r.related, err = parseText(dir, r.stderr)
	}
	if err != nil {
		t.Fatalf("%s: %v\n%s", driver, err, r.output())
	}
	return r
}

// runVet runs go vet with deletionlint as its vet tool, with every rule
// enabled, in text form or with -json.
func runVet(t *testing.T, dir string, jsonOut bool, patterns ...string) *result {
	t.Helper()
	return runVetFlags(t, dir, jsonOut, ruleFlags(), patterns...)
}

// runVetFlags is runVet with the given flags instead of those enabling
// every rule.
func runVetFlags(t *testing.T, dir string, jsonOut bool, flags []string, patterns ...string) *result {
	t.Helper()
	args := append([]string{"vet", "-vettool=" + bins.deletionlint}, flags...)
	driver := "go vet"
	if jsonOut {
		args = append(args, "-json")
		driver = "go vet -json"
	}
	r := run(t, dir, nil, "go", append(args, patterns...)...)
	r.driver, r.text = driver, !jsonOut
	var err error
	if jsonOut {
		r.findings, r.related, err = parseAnalysisJSON(dir, r.stdout)
	} else {
		r.findings, r.related, err = parseText(dir, r.stderr)
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
// write, with every registered rule enabled (a settings block after its
// description line; the rules that are on by default need nothing), and
// machineOutput: what a
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
	const description = "        description: Kubernetes controller code that gets deletion wrong\n"
	if !strings.Contains(cfg, description) {
		t.Fatalf("the README's .golangci.yml has no line %q to put the settings after", description)
	}
	cfg = strings.Replace(cfg, description, description+"        settings:\n          enable: ["+strings.Join(ruleNames(), ", ")+"]\n", 1)
	return cfg + machineOutput
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

var (
	textLine    = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): (.*)$`)
	ruleSuffix  = regexp.MustCompile(`^(.*) \(([a-z]+)(, warning)?\)$`)
	relatedLine = regexp.MustCompile(`^\t(.*): ([^ :]+\.go):(\d+):(\d+)$`)
)

// parseText reads the drivers' text form: a finding per line,
// "file:line:col: message (RULE)" or "(RULE, warning)", each followed by
// its related positions, "\tmessage: file.go:line:col", on lines of their
// own (the file's base name when it is in the finding's directory). Other
// lines (a summary) are ignored.
func parseText(dir, out string) ([]finding, []string, error) {
	var fs []finding
	var related []string
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "\t") {
			if len(fs) == 0 {
				return nil, nil, fmt.Errorf("related information before any finding: %q", line)
			}
			rel, err := parseRelated(fs[len(fs)-1], line)
			if err != nil {
				return nil, nil, err
			}
			related = append(related, rel)
			continue
		}
		m := textLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		f, err := parsePosn(dir, m[1]+":"+m[2]+":"+m[3])
		if err != nil {
			return nil, nil, err
		}
		if f.Message, f.Rule, f.Warning, err = splitRule(m[4]); err != nil {
			return nil, nil, err
		}
		fs = append(fs, f)
	}
	sort.Strings(related)
	return fs, related, sc.Err()
}

// splitRule splits a text message into the diagnostic's message and the
// rule it ends with.
func splitRule(text string) (message, rule string, warning bool, err error) {
	m := ruleSuffix.FindStringSubmatch(text)
	if m == nil {
		return "", "", false, fmt.Errorf("message %q does not end with its rule", text)
	}
	return m[1], m[2], m[3] != "", nil
}

// parseRelated reads a line of related information of f.
func parseRelated(f finding, line string) (string, error) {
	m := relatedLine.FindStringSubmatch(line)
	if m == nil {
		return "", fmt.Errorf("related information %q is not \"\\tmessage: file.go:line:col\"", line)
	}
	file := m[2] // relative to the module, the directory the tests run in
	line_, _ := strconv.Atoi(m[3])
	col, _ := strconv.Atoi(m[4])
	return finding{File: file, Line: line_, Col: col, Rule: f.Rule, Message: m[1]}.String(), nil
}

// printerKey is the analyzer under which deletionlint, as go vet's tool,
// reports every finding of a package: its messages are in the text form.
const printerKey = "deletionlint"

// parseAnalysisJSON reads the go/analysis JSON form, a stream of objects
// {"package": {"rule": [diagnostic...] or {"error": "..."}}}, and returns
// the findings and their related information; an analysis error is
// returned as an error. Under go vet, every finding is under printerKey,
// its message in the text form (parseText).
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
					if rule == printerKey {
						lines := strings.Split(d.Message, "\n")
						if f.Message, f.Rule, f.Warning, err = splitRule(lines[0]); err != nil {
							return nil, nil, err
						}
						for _, l := range lines[1:] {
							rel, err := parseRelated(f, l)
							if err != nil {
								return nil, nil, err
							}
							related = append(related, rel)
						}
					}
					fs = append(fs, f)
					for _, rel := range d.Related {
						rf, err := parsePosn(dir, rel.Posn)
						if err != nil {
							return nil, nil, err
						}
						rf.Rule, rf.Message = f.Rule, rel.Message
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
// related information into it, "message (related: dir/file.go:12:3:
// message; ...)", each file relative to its module's root.
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
			rf := finding{File: part[1], Line: line, Col: col, Rule: rule, Message: part[4]} // relative to the module
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

// keys renders findings as sorted strings; withRule false drops the rule.
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
