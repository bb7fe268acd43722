package lint

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/setting"
	"github.com/deletionlint/deletionlint/analyzers/settings"
)

// A Rule describes one deletionlint rule: all that the drivers, the
// documentation and the tests know of it, declared once, in the rule's own
// package. New builds the rule's analyzer from it. The registry (package
// analyzers) lists the rules; docs/rules.md, docs/nogo.md, the README's
// table of rules, the rule names directives accept and the settings' keys
// in docs/configuration.md and docs/golangci.md are generated from that
// list (internal/rulesdoc, make docs).
type Rule struct {
	// Name is the rule's name, which users write in configuration,
	// flags and directives and which never changes once shipped.
	Name string
	// Doc is the source of the rule package's doc.go (//go:embed doc.go):
	// the text below its "# Analyzer NAME" heading is the analyzer's Doc
	// (see Doc).
	Doc string
	// Default reports whether the rule runs when not enabled explicitly. A
	// rule added after the first release ships off (docs/compatibility.md).
	Default bool
	// Since is the release that first shipped the rule, "unreleased"
	// before.
	Since string
	// Severity is the severity of the rule's findings unless configured.
	Severity Severity
	// Origin is the real-world bug the rule comes from.
	Origin string
	// Fix says what the rule's suggested fix does; empty when it offers
	// none.
	Fix string
	// Helpers are the runtime module's helpers that implement the correct
	// pattern (package.Name).
	Helpers []string
	// Categories are the categories of the rule's diagnostics, one per
	// sub-check (CategoryDirective, of the diagnostics about directives,
	// is every rule's too). A diagnostic of another category fails the
	// rule's tests.
	Categories []string
	// Settings points to the rule's typed settings struct, whose tagged
	// fields are the analyzer's flags (setting.Register); nil when it has
	// none. The rule reads its settings from that struct.
	Settings any
	// Requires are the analyses the rule uses besides inspection.Analyzer
	// and settings.Analyzer, which every rule requires.
	Requires []*analysis.Analyzer
	// FactTypes are the facts the rule exports and imports.
	FactTypes []analysis.Fact
	// ResultType is the type of the rule's result, nil when it has none;
	// a package out of scope gets its nil value.
	ResultType reflect.Type
	// Run is the rule's analysis, which New wraps with the suite-wide
	// policies (see run).
	Run func(*analysis.Pass) (any, error)
	// Inputs describes the files besides the packages' own that the rule
	// reads for the packages of the module around dir (by name, size and
	// modification time), so that a driver that caches results by the
	// packages' inputs sees an edit of them; nil when it reads none.
	Inputs func(dir string) []byte

	analyzer *analysis.Analyzer
}

// Severity is how a rule's findings count: an error fails the run (the
// command's exit code 3, go vet's 1), a warning is reported but does not.
// It is also each finding's SARIF level.
type Severity string

// The severities, as the settings name them.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// pkgDoc is where the rules' packages are documented.
const pkgDoc = "https://pkg.go.dev/github.com/deletionlint/deletionlint/analyzers/"

// New returns the analyzer of the rule r, and keeps it as r.Analyzer.
// Call it once per rule, for the package's Analyzer variable, which is the
// analyzer every driver runs (nogo too, which needs that name).
func New(r *Rule) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:       r.Name,
		Doc:        Doc(r.Doc, r.Name),
		URL:        pkgDoc + r.Name,
		Requires:   []*analysis.Analyzer{settings.Analyzer, inspection.Analyzer},
		FactTypes:  r.FactTypes,
		ResultType: r.ResultType,
		Run:        r.run,
		// Every rule is sound on packages with type errors: see
		// analyzers.TestRunDespiteErrors.
		RunDespiteErrors: true,
	}
	for _, req := range r.Requires {
		if !slices.Contains(a.Requires, req) {
			a.Requires = append(a.Requires, req)
		}
	}
	if r.Settings != nil {
		setting.Register(&a.Flags, r.Settings)
	}
	r.analyzer = a
	return a
}

// Analyzer returns the rule's analyzer (built by New).
func (r *Rule) Analyzer() *analysis.Analyzer { return r.analyzer }

// declares reports whether category is one of the categories of the rule's
// diagnostics.
func (r *Rule) declares(category string) bool {
	return category == CategoryDirective || slices.Contains(r.Categories, category)
}

// checkCategories makes a rule's run fail when it reports a diagnostic of
// a category the rule does not declare: in tests, which the rules' tests
// and the analyses of the test corpus all run; drivers report the finding.
var checkCategories = testing.Testing()

// run runs the rule on pass within the suite-wide policies (withPolicies), with
// a result of ResultType, nil, for a package out of scope, and in tests
// checks the categories of its diagnostics.
func (r *Rule) run(pass *analysis.Pass) (any, error) {
	run := r.Run
	var undeclared []string
	if checkCategories {
		run = func(pass *analysis.Pass) (any, error) {
			p := *pass
			p.Report = func(d analysis.Diagnostic) {
				if !r.declares(d.Category) && !slices.Contains(undeclared, d.Category) {
					undeclared = append(undeclared, d.Category)
				}
				pass.Report(d)
			}
			return r.Run(&p)
		}
	}
	res, err := withPolicies(pass, run)
	if res == nil && r.ResultType != nil {
		res = reflect.Zero(r.ResultType).Interface()
	}
	if err == nil && len(undeclared) > 0 {
		err = fmt.Errorf("%s reported diagnostics of the categories %q, which its lint.Rule does not declare (declared: %s)",
			r.Name, undeclared, strings.Join(r.Categories, ", "))
	}
	return res, err
}
