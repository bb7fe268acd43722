package inspection

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// Suppression directives (the lint package applies them):
//
//	//deletionlint:ignore RULE[,RULE...] REASON
//	//deletionlint:file-ignore RULE[,RULE...] REASON
//
// Text after a second "//" in a directive is a separate comment, not part
// of the reason.
const (
	directivePrefix = "//deletionlint:"
	verbIgnore      = "ignore"
	verbFileIgnore  = "file-ignore"
)

// A Directive is one //deletionlint: comment, as written: whether it names
// known rules is for its user to check.
type Directive struct {
	Comment *ast.Comment
	File    *token.File
	Line    int
	// Verb is "ignore" or "file-ignore" (FileWide), or what was written
	// instead.
	Verb     string
	FileWide bool
	// Rules are the names the directive gives, kept for a malformed one
	// too.
	Rules []string
	// Problem, when not empty, says why the directive is malformed; a
	// malformed directive suppresses nothing.
	Problem string
}

// KnownVerb reports whether d is an ignore or file-ignore directive.
func (d *Directive) KnownVerb() bool {
	return d.Verb == verbIgnore || d.Verb == verbFileIgnore
}

// parseDirectives returns the directives of the files.
func parseDirectives(fset *token.FileSet, files []*ast.File) []*Directive {
	var out []*Directive
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
				d.Comment, d.File, d.Line = c, tf, tf.Line(c.Slash)
				out = append(out, d)
			}
		}
	}
	return out
}

func parseDirective(text string) *Directive {
	body := strings.TrimPrefix(text, directivePrefix)
	if i := strings.Index(body, "//"); i >= 0 {
		body = body[:i]
	}
	verb, rest, _ := strings.Cut(body, " ")
	d := &Directive{Verb: verb}
	fields := strings.Fields(rest)
	if len(fields) > 0 {
		for _, r := range strings.Split(fields[0], ",") {
			if r != "" {
				d.Rules = append(d.Rules, r)
			}
		}
	}
	switch verb {
	case verbIgnore:
	case verbFileIgnore:
		d.FileWide = true
	default:
		// The rule names are kept: the first rule named reports the
		// problem (see lint).
		d.Problem = fmt.Sprintf("unknown directive //deletionlint:%s; use //deletionlint:ignore RULE REASON or //deletionlint:file-ignore RULE REASON", verb)
		return d
	}
	if len(fields) == 0 {
		d.Problem = fmt.Sprintf("//deletionlint:%s directive names no rule; write //deletionlint:%s RULE[,RULE] REASON", verb, verb)
		return d
	}
	if len(fields) == 1 {
		d.Problem = fmt.Sprintf("//deletionlint:%s directive needs a reason after the rule names: //deletionlint:%s %s REASON", verb, verb, fields[0])
	}
	return d
}
