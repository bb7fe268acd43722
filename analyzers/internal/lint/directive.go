package lint

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"sync"
	"weak"

	"golang.org/x/tools/go/analysis"
)

// Suppression directives, for the deletionlint command and go vet (users of
// golangci-lint may keep using //nolint; these directives are honoured there
// too, since they are applied inside each rule):
//
//	//deletionlint:ignore RULE[,RULE...] REASON
//	//deletionlint:file-ignore RULE[,RULE...] REASON
//
// An ignore directive suppresses the named rules' findings on its own line
// (as a trailing comment) and on the line below it (as a comment on a line of
// its own). A file-ignore directive suppresses them in the whole file. The
// reason is required: a directive without one suppresses nothing and is
// itself reported. A directive that suppressed nothing during a run of a rule
// it names is reported as unused. Text after a second "//" in the directive
// is a separate comment, not part of the reason.
const (
	directivePrefix = "//deletionlint:"
	verbIgnore      = "ignore"
	verbFileIgnore  = "file-ignore"
)

// CategoryDirective is the category of the diagnostics about directives
// themselves: malformed, naming unknown rules, or unused.
const CategoryDirective = "directive"

// A directive is one parsed //deletionlint: comment.
type directive struct {
	comment  *ast.Comment
	file     *token.File
	line     int
	fileWide bool
	rules    []string
	// problem, when not empty, says why the directive is malformed; a
	// malformed directive suppresses nothing.
	problem string
	used    bool
}

var knownRules struct {
	sync.RWMutex
	names []string
}

// SetRules tells the frame the names of all deletionlint rules, so that a
// directive naming anything else is reported (a misspelt rule name would
// otherwise suppress nothing, silently). The registry calls it once; with no
// names set, unknown names are not checked.
func SetRules(names []string) {
	knownRules.Lock()
	defer knownRules.Unlock()
	knownRules.names = slices.Clone(names)
}

func isKnownRule(name string) bool {
	knownRules.RLock()
	defer knownRules.RUnlock()
	return knownRules.names == nil || slices.Contains(knownRules.names, name)
}

// parseDirectives returns the directives of the files.
func parseDirectives(fset *token.FileSet, files []*ast.File) []*directive {
	var out []*directive
	for _, f := range files {
		for _, g := range f.Comments {
			for _, c := range g.List {
				if !strings.HasPrefix(c.Text, directivePrefix) {
					continue
				}
				tf := fset.File(c.Slash)
				if tf == nil {
					continue
				}
				d := parseDirective(c.Text)
				d.comment, d.file, d.line = c, tf, tf.Line(c.Slash)
				out = append(out, d)
			}
		}
	}
	return out
}

func parseDirective(text string) *directive {
	body := strings.TrimPrefix(text, directivePrefix)
	if i := strings.Index(body, "//"); i >= 0 {
		body = body[:i]
	}
	verb, rest, _ := strings.Cut(body, " ")
	d := &directive{}
	switch verb {
	case verbIgnore:
	case verbFileIgnore:
		d.fileWide = true
	default:
		d.problem = fmt.Sprintf("unknown directive //deletionlint:%s; use //deletionlint:ignore RULE REASON or //deletionlint:file-ignore RULE REASON", verb)
		return d
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		d.problem = fmt.Sprintf("//deletionlint:%s directive names no rule; write //deletionlint:%s RULE[,RULE] REASON", verb, verb)
		return d
	}
	for _, r := range strings.Split(fields[0], ",") {
		if r == "" {
			continue
		}
		if !isKnownRule(r) {
			d.problem = fmt.Sprintf("//deletionlint:%s directive names unknown rule %q", verb, r)
			return d
		}
		d.rules = append(d.rules, r)
	}
	if len(fields) == 1 {
		d.problem = fmt.Sprintf("//deletionlint:%s directive needs a reason after the rule names: //deletionlint:%s %s REASON", verb, verb, fields[0])
	}
	return d
}

// suppresses reports whether the well-formed directive d, naming rule,
// covers a diagnostic at line of file.
func (d *directive) suppresses(rule string, file *token.File, line int) bool {
	if d.problem != "" || d.file != file || !slices.Contains(d.rules, rule) {
		return false
	}
	return d.fileWide || d.line == line || d.line+1 == line
}

// reported remembers the malformed directives already reported in this
// process, so that when several rules run on a package the problem is
// reported once, not once per rule. The key holds the file set weakly so
// that long-lived drivers do not keep file sets alive.
var reported sync.Map

type reportKey struct {
	fset weak.Pointer[token.FileSet]
	pos  token.Pos
}

func firstReport(fset *token.FileSet, pos token.Pos) bool {
	_, loaded := reported.LoadOrStore(reportKey{weak.Make(fset), pos}, true)
	return !loaded
}

// directives is the state of one rule's run over one package.
type directives struct {
	rule string
	list []*directive
}

// filter wraps report so that diagnostics covered by a directive naming the
// rule are dropped and recorded as uses of the directive.
func (ds *directives) filter(fset *token.FileSet, report func(analysis.Diagnostic)) func(analysis.Diagnostic) {
	return func(d analysis.Diagnostic) {
		if d.Pos.IsValid() {
			if f := fset.File(d.Pos); f != nil {
				line := f.Line(d.Pos)
				suppressed := false
				for _, dir := range ds.list {
					if dir.suppresses(ds.rule, f, line) {
						dir.used = true
						suppressed = true
					}
				}
				if suppressed {
					return
				}
			}
		}
		report(d)
	}
}

// finish reports the malformed directives (once per process) and the
// directives naming the rule that suppressed nothing.
func (ds *directives) finish(fset *token.FileSet, report func(analysis.Diagnostic)) {
	for _, dir := range ds.list {
		c := dir.comment
		switch {
		case dir.problem != "":
			if firstReport(fset, c.Slash) {
				report(analysis.Diagnostic{Pos: c.Pos(), End: c.End(), Category: CategoryDirective, Message: dir.problem})
			}
		case slices.Contains(dir.rules, ds.rule) && !dir.used:
			where := "on this line or the next"
			verb := verbIgnore
			if dir.fileWide {
				where, verb = "in this file", verbFileIgnore
			}
			report(analysis.Diagnostic{
				Pos:      c.Pos(),
				End:      c.End(),
				Category: CategoryDirective,
				Message:  fmt.Sprintf("unused //deletionlint:%s directive: %s reports nothing %s; remove %s from the directive", verb, ds.rule, where, ds.rule),
			})
		}
	}
}
