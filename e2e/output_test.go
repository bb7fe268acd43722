//go:build e2e

package e2e

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// setupGoMatcher is the regular expression of the problem matcher that
// actions/setup-go registers for Go: applied, unanchored, to each line of
// a step's output, it counts one problem per line it matches.
var setupGoMatcher = regexp.MustCompile(`((?:\.{0,2}\/|\.{0,2}\\)(?:.+\.go)):(?:(\d+):(\d+):)? (.*)`)

func countProblems(out string) int {
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if setupGoMatcher.MatchString(l) {
			n++
		}
	}
	return n
}

// TestTextOutput checks the text output of the command and of go vet on
// the example: the same findings, each naming its rule and followed by its
// related positions, counted once each by the setup-go problem matcher;
// the command's sorted by file, line and column, go vet's within each
// package (go vet prints the packages in the order they finish).
func TestTextOutput(t *testing.T) {
	dir := exampleDir()
	ref := runCLI(t, dir, true, "./buggy/...")
	cli := runCLI(t, dir, false, "./buggy/...")
	vet := runVet(t, dir, false, "./buggy/...")
	if len(ref.findings) == 0 {
		t.Fatal("no findings on the example")
	}
	for _, r := range []*result{cli, vet} {
		if n := countProblems(r.stderr); n != len(ref.findings) {
			t.Errorf("%s: the problem matcher counts %d problems, want one per finding, %d\n%s", r.driver, n, len(ref.findings), r.output())
		}
		for i := 1; i < len(r.findings); i++ {
			a, b := r.findings[i-1], r.findings[i]
			if r == vet && path.Dir(a.File) != path.Dir(b.File) {
				continue
			}
			if a.File > b.File || a.File == b.File && (a.Line > b.Line || a.Line == b.Line && a.Col > b.Col) {
				t.Errorf("%s: %s before %s: not sorted by position", r.driver, a, b)
			}
		}
		t.Logf("%s: %d findings, %d lines counted by the problem matcher, first lines:\n%s", r.driver, len(r.findings), countProblems(r.stderr), head(r.stderr, 6))
	}
	if c, v := textBlocks(cli.stderr), textBlocks(vet.stderr); !slices.Equal(c, v) {
		t.Errorf("the command and go vet print different findings:\n%s\n\n%s", cli.output(), vet.output())
	}
}

// withoutClosingLines returns the command's text output without the lines
// it prints besides the findings (the closing line, progress lines in a
// log), which start with its name: what go vet prints.
func withoutClosingLines(out string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(out, "\n") {
		if !strings.HasPrefix(l, "deletionlint: ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

// textBlocks splits a text output into its findings, each with the lines
// under it, sorted.
func textBlocks(out string) []string {
	var blocks []string
	for _, l := range strings.SplitAfter(withoutClosingLines(out), "\n") {
		if strings.HasPrefix(l, "\t") && len(blocks) > 0 {
			blocks[len(blocks)-1] += l
		} else if l != "" {
			blocks = append(blocks, l)
		}
	}
	slices.Sort(blocks)
	return blocks
}

func head(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	return strings.Join(lines[:min(n, len(lines))], "")
}

// TestExitCodeWhateverTheFormat: a run that writes SARIF or JSON fails on
// findings as the text output does.
func TestExitCodeWhateverTheFormat(t *testing.T) {
	dir := exampleDir()
	for _, args := range [][]string{{"./buggy/..."}, {"-json", "./buggy/..."}, {"-format=sarif", "./buggy/..."}} {
		if r := run(t, dir, nil, bins.deletionlint, args...); r.exitCode != 3 {
			t.Errorf("deletionlint %s exited %d, want 3", strings.Join(args, " "), r.exitCode)
		}
		fixed := append(slices.Clone(args[:len(args)-1]), "./fixed/...")
		if r := run(t, dir, nil, bins.deletionlint, fixed...); r.exitCode != 0 {
			t.Errorf("deletionlint %s exited %d, want 0", strings.Join(fixed, " "), r.exitCode)
		}
	}
}

var readmeFinding = regexp.MustCompile("(?s)<!-- example finding[^>]*-->\\s*```console\n\\$ deletionlint ([^\n]*)\n(.*?)```")

// TestReadmeFinding: the finding the README quotes is what deletionlint
// prints, as it prints it, on the example operator.
func TestReadmeFinding(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(bins.root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := readmeFinding.FindSubmatch(data)
	if m == nil {
		t.Fatal("README.md has no ```console block after <!-- example finding --> starting with $ deletionlint")
	}
	r := run(t, exampleDir(), nil, bins.deletionlint, strings.Fields(string(m[1]))...)
	if !strings.Contains(r.stderr, string(m[2])) {
		t.Errorf("the README quotes\n%s\nbut deletionlint %s prints\n%s", m[2], m[1], r.output())
	}
}
