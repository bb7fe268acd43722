// Package lint is the frame every deletionlint rule runs in. It gives the
// rules one vocabulary for reporting and applies the suite-wide policies in
// one place: diagnostics in generated files are dropped (unless the
// include-generated setting is on), diagnostics are suppressed by
// //deletionlint:ignore directives (which must give a reason, and are
// reported when unused), and packages that cannot hold Kubernetes controller
// code, or are Kubernetes libraries used as dependencies, are skipped before
// any traversal.
//
// # Suppression directives
//
// Suppression directives are for the deletionlint command and go vet (users of
// golangci-lint may keep using //nolint; these directives are honoured there
// too, since they are applied inside each rule):
//
//	//deletionlint:ignore RULE[,RULE...] REASON
//	//deletionlint:file-ignore RULE[,RULE...] REASON
//
// An ignore directive suppresses the named rules' findings on its own line (as
// a trailing comment) and on the line below it (as a comment on a line of its
// own). A file-ignore directive suppresses them in the whole file. The reason
// is required: a directive without one suppresses nothing and is itself
// reported. A malformed directive is reported once, by one rule the directive
// designates, the same in every driver: the first existing rule it names, else
// the rule nearest to a misspelt name (the message suggests it), else the
// first rule by name. A directive that suppressed nothing during a run of a
// rule it names is reported as unused. Text after a second "//" in the
// directive is a separate comment, not part of the reason. The directives are
// parsed once per package (inspection.Package.Directives) and shared by the
// rules.
package lint

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/settings"
	"github.com/deletionlint/deletionlint/internal/config"
)

// Excluded reports whether patterns (the exclude setting) leave out the
// findings of rule in the file named filename: the file is below root and a
// pattern for every rule, or one prefixed "RULE:" for this rule, matches
// its path relative to root (config.Excluded).
func Excluded(patterns []string, rule, root, filename string) bool {
	if len(patterns) == 0 || root == "" {
		return false
	}
	rel, err := filepath.Rel(root, filename)
	if err != nil || !filepath.IsLocal(rel) {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, p := range patterns {
		if r, pattern, ok := strings.Cut(p, ":"); ok && token.IsIdentifier(r) {
			if r != rule {
				continue
			}
			p = pattern
		}
		if config.Excluded(p, rel) {
			return true
		}
	}
	return false
}

// patternRoot returns the directory the exclusion patterns are relative to
// for the file named filename of the package at path: the root of the
// module the package belongs to, or, outside modules (GOPATH mode), the
// directory its import path is relative to; "" when neither is known. A
// go.mod above the directory is the package's module when the package's
// path ends with the directory's path below it (a GOPATH tree inside a
// module's testdata is not the module's).
func patternRoot(path, filename string) string {
	dir := filepath.Dir(filename)
	if gomod := GoMod(dir); gomod != "" {
		root := filepath.Dir(gomod)
		if rel, err := filepath.Rel(root, dir); err == nil && (rel == "." || strings.HasSuffix("/"+path, "/"+filepath.ToSlash(rel))) {
			return root
		}
	}
	if rest, ok := strings.CutSuffix(filepath.ToSlash(dir), "/"+path); ok {
		return filepath.FromSlash(rest)
	}
	return ""
}

// withPolicies runs a rule's run function on pass within the suite-wide
// policies:
//   - packages out of scope (see recognize.InScope: those that import
//     nothing of Kubernetes, and the Kubernetes libraries used as
//     dependencies) return nil at once; the rule must treat a nil result as
//     "nothing found" and export no facts for them. inspection.Analyzer,
//     which every rule requires, decides this once per package;
//   - diagnostics positioned in generated files are moved to their first
//     related position in a hand-written file (a hook that generated
//     controller code calls: outOfGenerated), or else dropped, unless the
//     include-generated setting is on, and so are those in files that
//     the exclude setting leaves out for the rule (see Excluded and
//     patternRoot), and those of test-support packages (an import path
//     element such as envtest, fake, e2e or testutil: see
//     recognize.TestSupport), whose fake controllers and clients never
//     run in a cluster;
//   - diagnostics covered by a //deletionlint:ignore or
//     //deletionlint:file-ignore directive naming the rule
//     (pass.Analyzer.Name) are dropped; when the rule has run without error,
//     malformed directives and the directives naming it that suppressed
//     nothing are reported (category CategoryDirective).
func withPolicies(pass *analysis.Pass, run func(*analysis.Pass) (any, error)) (any, error) {
	pkg := inspection.Of(pass)
	if pkg == nil {
		return nil, nil // out of scope
	}
	report := pass.Report
	defer func() { pass.Report = report }()
	visible := func(d analysis.Diagnostic) {
		if shown, ok := probes.Load(probeKey{pass.Analyzer, pass.Pkg}); ok {
			*shown.(*bool) = true
			return
		}
		report(d)
	}
	if recognize.InTestSupport(pass.Pkg.Path()) {
		visible = func(analysis.Diagnostic) {}
	}
	if pkg.SkipsGenerated() {
		shown := visible
		visible = func(d analysis.Diagnostic) {
			if f := pass.Fset.File(d.Pos); f == nil || !pkg.Generated(f) {
				shown(d)
			}
		}
	}
	if exclude := settings.Of(pass).Exclude.Values(); len(exclude) > 0 {
		shown := visible
		visible = func(d analysis.Diagnostic) {
			f := pass.Fset.File(d.Pos)
			if f == nil {
				shown(d)
				return
			}
			if !Excluded(exclude, pass.Analyzer.Name, patternRoot(pass.Pkg.Path(), f.Name()), f.Name()) {
				shown(d)
			}
		}
	}
	if len(pkg.Directives) == 0 {
		pass.Report = outOfGenerated(pass, pkg, visible)
		return run(pass)
	}
	ds := &directives{rule: pass.Analyzer.Name, pkg: pkg, used: make(map[*inspection.Directive]bool)}
	pass.Report = outOfGenerated(pass, pkg, ds.filter(pass.Fset, visible))
	result, err := run(pass)
	if err == nil {
		ds.finish(visible)
	}
	return result, err
}

// probes holds, for a pass in a call of Shown, where to record that the
// diagnostic got through: a pass runs on one goroutine, but the passes of
// several packages run at once. A pass is known by its analyzer and
// package, which the copies of it that wrap its Report keep.
var probes sync.Map // probeKey -> *bool

type probeKey struct {
	analyzer *analysis.Analyzer
	pkg      *types.Package
}

// Shown reports whether d, a diagnostic of the package pass analyses,
// would be shown: not in a generated, excluded or test-support file, nor
// suppressed by a directive (which then counts as used). It reports
// nothing. A rule that passes a finding on to the packages that import
// this one, to be reported there (where both ends of what it is about are
// seen), asks first: the user silences it where the code is.
func Shown(pass *analysis.Pass, d analysis.Diagnostic) bool {
	shown := false
	key := probeKey{pass.Analyzer, pass.Pkg}
	probes.Store(key, &shown)
	defer probes.Delete(key)
	pass.Report(d)
	return shown
}

// outOfGenerated returns report preceded, when the package's generated
// files are not reported in, by a move of each diagnostic positioned in a
// generated file that the analyses look into (a generated external client,
// see internal/generated) to its first related position in a hand-written
// file of the package: the hook the generated code calls, where the fix
// goes. The generated position becomes a related one; fixes that edit a
// generated file are dropped. A diagnostic with no such related position
// stays where it is, and is dropped later with the generated file's.
func outOfGenerated(pass *analysis.Pass, pkg *inspection.Package, report func(analysis.Diagnostic)) func(analysis.Diagnostic) {
	if !pkg.SkipsGenerated() {
		return report
	}
	own := make(map[*token.File]bool, len(pass.Files))
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil && !pkg.Generated(tf) {
			own[tf] = true
		}
	}
	handWritten := func(pos token.Pos) bool { return own[pass.Fset.File(pos)] }
	return func(d analysis.Diagnostic) {
		if f := pass.Fset.File(d.Pos); f == nil || !pkg.Generated(f) {
			report(d)
			return
		}
		for i, r := range d.Related {
			if !handWritten(r.Pos) {
				continue
			}
			moved := d
			moved.Pos, moved.End = r.Pos, r.End
			moved.Related = append([]analysis.RelatedInformation{{Pos: d.Pos, End: d.End, Message: "reached from generated code here"}}, d.Related[:i]...)
			moved.Related = append(moved.Related, d.Related[i+1:]...)
			moved.SuggestedFixes = nil
			for _, fix := range d.SuggestedFixes {
				if !slices.ContainsFunc(fix.TextEdits, func(e analysis.TextEdit) bool { return !handWritten(e.Pos) }) {
					moved.SuggestedFixes = append(moved.SuggestedFixes, fix)
				}
			}
			report(moved)
			return
		}
		report(d)
	}
}

// Report reports a diagnostic at node with the given category (the rule's
// sub-check, for filtering) and message. Messages follow go vet's style: lower
// case, no trailing period, and they say what is wrong, why it breaks
// deletion, and what to do.
func Report(pass *analysis.Pass, node ast.Node, category, message string, opts ...Option) {
	d := analysis.Diagnostic{
		Pos:      node.Pos(),
		End:      node.End(),
		Category: category,
		Message:  message,
	}
	for _, o := range opts {
		o(&d)
	}
	pass.Report(d)
}

// Option adds optional parts to a diagnostic.
type Option func(*analysis.Diagnostic)

// Fix attaches a suggested fix.
func Fix(message string, edits ...analysis.TextEdit) Option {
	return func(d *analysis.Diagnostic) {
		d.SuggestedFixes = append(d.SuggestedFixes, analysis.SuggestedFix{Message: message, TextEdits: edits})
	}
}

// RelatedPos attaches related information pointing at pos (a declaration
// of another package, known by its object).
func RelatedPos(pos token.Pos, message string) Option {
	return func(d *analysis.Diagnostic) {
		if pos.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, End: pos, Message: message})
		}
	}
}

// Related attaches related information pointing at node.
func Related(node ast.Node, message string) Option {
	return func(d *analysis.Diagnostic) {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: node.Pos(), End: node.End(), Message: message})
	}
}

// Series joins items as a sentence does, with conj ("and", "or"): "a",
// "a and b", "a, b and c".
func Series(items []string, conj string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

// WithArticle returns a kind's name after its indefinite article: "a
// Secret", "an OpenStackMachine".
func WithArticle(kind string) string {
	if kind != "" && strings.ContainsRune("AEIOU", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}
