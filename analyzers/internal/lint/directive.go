package lint

import (
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
)

// CategoryDirective is the category of the diagnostics about directives
// themselves: malformed, naming unknown rules, or unused.
const CategoryDirective = "directive"

// isKnownRule reports whether name is a rule's name, so that a directive
// naming anything else is reported (a misspelt rule name would otherwise
// suppress nothing, silently). ruleNames (rulenames.go) is generated from
// the registry by make docs, rather than set by the registry, so that every
// driver and every rule's own tests check the same names.
func isKnownRule(name string) bool {
	return ruleNames == nil || slices.Contains(ruleNames, name)
}

// problem says why d suppresses nothing ("" when it is well-formed): a
// malformed directive, or one naming a rule that does not exist.
func problem(d *inspection.Directive) string {
	if !d.KnownVerb() {
		return d.Problem
	}
	for _, r := range d.Rules {
		if !isKnownRule(r) {
			p := fmt.Sprintf("//deletionlint:%s directive names unknown rule %q", d.Verb, r)
			if near := nearestRule(r); near != "" {
				p += "; did you mean " + near + "?"
			}
			return p
		}
	}
	return d.Problem
}

// reporter returns the rule that reports the problem of the malformed
// directive d. Every rule running on the package sees d, in whatever order
// (or concurrently) the driver runs them; one rule chosen from d alone
// reports it once, under the same name in every driver: the first known
// rule d names, else the known rule nearest to a name it gives (a
// misspelling), else the first known rule. With no registry (ruleNames nil,
// in the frame's own tests) every name is known and a directive naming
// none is reported by every rule ("").
func reporter(d *inspection.Directive) string {
	for _, r := range d.Rules {
		if isKnownRule(r) {
			return r
		}
	}
	for _, r := range d.Rules {
		if near := nearestRule(r); near != "" {
			return near
		}
	}
	if len(ruleNames) > 0 {
		return ruleNames[0]
	}
	return ""
}

// nearestRule returns the known rule whose name is a few edits from name (a
// misspelling), the first in sorted order of the nearest; "" for none.
func nearestRule(name string) string {
	best, bestDist := "", len(name)/3+1
	for _, r := range ruleNames {
		if d := editDistance(name, r); d < bestDist || d == bestDist && best == "" {
			best, bestDist = r, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes (rule
// names are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// suppresses reports whether the directive d covers a diagnostic of rule at
// line of file.
func suppresses(d *inspection.Directive, rule string, file *token.File, line int) bool {
	if problem(d) != "" || d.File != file || !slices.Contains(d.Rules, rule) {
		return false
	}
	return d.FileWide || d.Line == line || d.Line+1 == line
}

// directives is the state of one rule's run over one package.
type directives struct {
	rule string
	pkg  *inspection.Package
	used map[*inspection.Directive]bool
}

// filter wraps report so that diagnostics covered by a directive naming the
// rule are dropped and recorded as uses of the directive.
func (ds *directives) filter(fset *token.FileSet, report func(analysis.Diagnostic)) func(analysis.Diagnostic) {
	return func(d analysis.Diagnostic) {
		if d.Pos.IsValid() {
			if f := fset.File(d.Pos); f != nil {
				line := f.Line(d.Pos)
				suppressed := false
				for _, dir := range ds.pkg.Directives {
					if suppresses(dir, ds.rule, f, line) {
						ds.used[dir] = true
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

// finish reports the malformed directives whose reporter is the rule and
// the directives naming the rule that suppressed nothing.
func (ds *directives) finish(report func(analysis.Diagnostic)) {
	for _, dir := range ds.pkg.Directives {
		c := dir.Comment
		if p := problem(dir); p != "" {
			if r := reporter(dir); r == "" || r == ds.rule {
				report(analysis.Diagnostic{Pos: c.Pos(), End: c.End(), Category: CategoryDirective, Message: p})
			}
			continue
		}
		if slices.Contains(dir.Rules, ds.rule) && !ds.used[dir] {
			where := "on this line or the next"
			if dir.FileWide {
				where = "in this file"
			}
			report(analysis.Diagnostic{
				Pos:      c.Pos(),
				End:      c.End(),
				Category: CategoryDirective,
				Message:  fmt.Sprintf("unused //deletionlint:%s directive: %s reports nothing %s; remove %s from the directive", dir.Verb, ds.rule, where, ds.rule),
			})
		}
	}
}
