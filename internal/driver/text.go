package driver

import (
	"cmp"
	"fmt"
	"go/token"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/internal/config"
)

// The text output, of the command and of go vet alike, prints one finding
// per line in the form editors, CI problem matchers and go vet's users
// read, file:line:col: message, the message ending with the rule's name as
// staticcheck and golangci-lint end theirs:
//
//	controller/website.go:134:10: Route is created with a controller reference ... (ownschildren)
//		the controller of Website is built here: controller/website.go:34:9
//
// The finding's related positions follow on indented lines that end with
// the position, never with "file:line:col: ", so that a file:line:col:
// matcher (such as the one actions/setup-go registers for Go) counts
// exactly one problem per finding; a related position is written relative
// to the root of its module, the same in every driver and from every
// working directory (go vet leaves the file names inside a message as the
// tool writes them). Findings are sorted by file, line and
// column. A finding of a rule whose severity is warning ends with
// "(RULE, warning)".

// A finding is one diagnostic of one rule, with its positions resolved.
type finding struct {
	rule     string
	warning  bool
	diag     analysis.Diagnostic
	posn     token.Position
	end      token.Position
	related  []relatedInfo
	category string
}

// relatedInfo is a position a finding refers to.
type relatedInfo struct {
	posn    token.Position
	message string
}

func newFinding(fset *token.FileSet, rule string, warning bool, d analysis.Diagnostic) finding {
	f := finding{rule: rule, warning: warning, diag: d, posn: fset.Position(d.Pos), end: fset.Position(d.End), category: d.Category}
	for _, r := range d.Related {
		f.related = append(f.related, relatedInfo{fset.Position(r.Pos), r.Message})
	}
	return f
}

// sortFindings sorts findings by file, line, column, then rule and
// message, so that the output does not depend on the order the analyses
// ran in.
func sortFindings(fs []finding) {
	slices.SortStableFunc(fs, func(a, b finding) int {
		return cmp.Or(
			cmp.Compare(a.posn.Filename, b.posn.Filename),
			cmp.Compare(a.posn.Line, b.posn.Line),
			cmp.Compare(a.posn.Column, b.posn.Column),
			cmp.Compare(a.rule, b.rule),
			cmp.Compare(a.diag.Message, b.diag.Message),
		)
	})
}

// message is the finding's message as the text output prints it after
// "file:line:col: ": the diagnostic's message and the rule's name.
func (f finding) message() string {
	if f.warning {
		return fmt.Sprintf("%s (%s, warning)", f.diag.Message, f.rule)
	}
	return fmt.Sprintf("%s (%s)", f.diag.Message, f.rule)
}

// details returns the lines printed under the finding: its related
// positions, "\tmessage: file:line:col" (the file relative to its module's
// root), then, when context >= 0, the finding's lines of source with
// context lines around them, "line\tsource".
func (f finding) details(context int) []string {
	var lines []string
	for _, r := range f.related {
		pos := position(r.posn, config.ModuleRelative)
		if r.message == "" {
			lines = append(lines, "\t"+pos)
		} else {
			lines = append(lines, "\t"+r.message+": "+pos)
		}
	}
	if context >= 0 {
		end := f.end
		if !end.IsValid() || end.Filename != f.posn.Filename {
			end = f.posn
		}
		data, _ := os.ReadFile(f.posn.Filename)
		src := strings.Split(string(data), "\n")
		for i := f.posn.Line - context; i <= end.Line+context; i++ {
			if 1 <= i && i <= len(src) {
				lines = append(lines, fmt.Sprintf("%d\t%s", i, src[i-1]))
			}
		}
	}
	return lines
}

// position renders a position as file:line:col (file:line without a
// column), the file written by path.
func position(p token.Position, path func(string) string) string {
	if !p.IsValid() {
		return "-"
	}
	p.Filename = path(p.Filename)
	return p.String()
}

// writeText prints the findings, sorted, with paths written by path.
func writeText(w io.Writer, fs []finding, context int, path func(string) string) {
	sortFindings(fs)
	for _, f := range fs {
		fmt.Fprintf(w, "%s: %s\n", position(f.posn, path), f.message())
		for _, l := range f.details(context) {
			fmt.Fprintln(w, l)
		}
	}
}

// relativeTo returns a function that writes a file name relative to dir
// when that is shorter and does not leave dir, as the go command writes
// the names in go vet's output; other names are left as they are.
func relativeTo(dir string) func(string) string {
	return func(name string) string {
		if dir == "" || !filepath.IsAbs(name) {
			return name
		}
		rel, err := filepath.Rel(dir, name)
		if err != nil || !filepath.IsLocal(rel) || len(rel) >= len(name) {
			return name
		}
		return rel
	}
}

// summary is the closing line of the text output on a terminal: how many
// findings of each rule, how to read a rule's documentation and how to
// silence a finding.
func summary(name string, fs []finding) string {
	if len(fs) == 0 {
		return ""
	}
	count := make(map[string]int)
	warnings := 0
	for _, f := range fs {
		count[f.rule]++
		if f.warning {
			warnings++
		}
	}
	var rules []string
	for _, r := range slices.Sorted(maps.Keys(count)) {
		rules = append(rules, fmt.Sprintf("%s %d", r, count[r]))
	}
	total := fmt.Sprintf("%d findings", len(fs))
	if len(fs) == 1 {
		total = "1 finding"
	}
	if warnings > 0 {
		total += fmt.Sprintf(", %d of them warnings", warnings)
	}
	return fmt.Sprintf("%[1]s: %[2]s (%[3]s). A rule's documentation: %[1]s help RULE. To silence one finding: //%[1]s:ignore RULE reason.",
		name, total, strings.Join(rules, ", "))
}
