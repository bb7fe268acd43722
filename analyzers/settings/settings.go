// Package settings holds the settings that every deletionlint rule shares,
// in one analyzer that every rule requires (as uber-go/nilaway's config
// analyzer): its flags are the settings, and its result on each package is
// what the rules and the analyses they share read, a *Shared. No package
// keeps a setting in a variable of its own.
//
// Each driver sets them through the analyzer's flags:
//   - the deletionlint command and go vet -vettool take them as top-level
//     flags (-include-generated, -dependency-errors, ...), and read
//     .deletionlint.yaml before the flags;
//   - the golangci-lint plugin from its settings (the same document as
//     .deletionlint.yaml);
//   - Bazel's nogo from the analyzer_flags of this analyzer, which nogo
//     configures when its deps name this package (docs/nogo.md).
package settings

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/setting"
)

// Name is the analyzer's name: nogo's configuration names it to set the
// shared settings (analyzer_flags).
const Name = "deletionlint_settings"

// Analyzer's result is the *Shared settings of the run. It reports
// nothing; every rule requires it.
var Analyzer = &analysis.Analyzer{
	Name:             Name,
	Doc:              "hold the settings every deletionlint rule shares (set them as this analyzer's flags)",
	URL:              "https://pkg.go.dev/github.com/deletionlint/deletionlint/analyzers/settings",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Shared](),
}

// Shared are the settings every rule shares. The tags declare each one
// (see setting.Register): its name, which the configuration and the
// command line use, and what it does.
type Shared struct {
	IncludeGenerated bool `setting:"include-generated" help:"also report in generated files (// Code generated ... DO NOT EDIT.)"`
	// DependencyErrors seed depnotfound: calls of these constructors, and
	// errors of these types, mean a referenced object is gone.
	DependencyErrors *setting.Names `setting:"dependency-errors" help:"error types (import/path.Type) and constructors (import/path.Func) whose errors mean a referenced object does not exist or is not ready"`
	// EntryPoints and DeletionEntryPoints declare the entry points of
	// frameworks deletionlint does not analyse (deletionpath).
	EntryPoints         *setting.Names `setting:"entry-points" help:"interface methods (import/path.Interface.Method) that a framework deletionlint does not analyse calls with the object it reconciles on every reconcile, deletion included, keeping the finalizer when they fail"`
	DeletionEntryPoints *setting.Names `setting:"deletion-entry-points" help:"interface methods (import/path.Interface.Method) that a framework deletionlint does not analyse calls with the object it reconciles only while it is being deleted, keeping the finalizer when they fail"`
	// DeletionChecks are deletion tests beyond those isdeleting
	// recognises.
	DeletionChecks *setting.Names `setting:"deletion-checks" help:"functions or methods (import/path.Func, import/path.Type.Method) whose bool result is true while an object is being deleted, for code deletionlint does not analyse"`
	// Exclude are the configuration's exclusions, which the rules' frame
	// (lint) applies to every rule's findings.
	Exclude *setting.Names `setting:"exclude" help:"path patterns, relative to the module root, of files in which no rule reports (RULE:PATTERN: only that rule's findings are left out)"`
}

// flags is what the analyzer's flags set.
var flags = Shared{
	DependencyErrors: setting.NewNames(
		// Config Connector's unresolvable dependency errors and their
		// constructors, and the runtime module's own.
		recognize.PkgConfigConnector+"/pkg/k8s.ReferenceNotFoundError",
		recognize.PkgConfigConnector+"/pkg/k8s.NewReferenceNotFoundError",
		recognize.PkgConfigConnector+"/pkg/k8s.NewReferenceNotFoundErrorForResource",
		recognize.PkgConfigConnector+"/pkg/k8s.ReferenceNotReadyError",
		recognize.PkgConfigConnector+"/pkg/k8s.NewReferenceNotReadyError",
		recognize.PkgConfigConnector+"/pkg/k8s.NewReferenceNotReadyErrorForResource",
		recognize.PkgConfigConnector+"/pkg/k8s.SecretNotFoundError",
		recognize.PkgConfigConnector+"/pkg/k8s.NewSecretNotFoundError",
		recognize.PkgConfigConnector+"/pkg/k8s.KeyInSecretNotFoundError",
		recognize.PkgConfigConnector+"/pkg/k8s.NewKeyInSecretNotFoundError",
		recognize.PkgRuntimeModule+"/deletion.DependencyNotFoundError",
		recognize.PkgRuntimeModule+"/deletion.NewDependencyNotFound",
	),
	// Config Connector's reconciler is not among the packages a Config
	// Connector build imports from the module proxy: its entry point is
	// declared.
	EntryPoints:         setting.NewMethodNames("pkg/controller/direct/directbase.Model.AdapterForObject"),
	DeletionEntryPoints: setting.NewMethodNames(),
	DeletionChecks:      setting.NewNames(),
	Exclude:             setting.NewPatterns(),
}

func init() {
	setting.Register(&Analyzer.Flags, &flags)
}

// run returns a copy of the settings, which later changes of the flags do
// not touch.
func run(*analysis.Pass) (any, error) {
	s := flags
	s.DependencyErrors = s.DependencyErrors.Clone()
	s.EntryPoints = s.EntryPoints.Clone()
	s.DeletionEntryPoints = s.DeletionEntryPoints.Clone()
	s.DeletionChecks = s.DeletionChecks.Clone()
	s.Exclude = s.Exclude.Clone()
	return &s, nil
}

// Of returns the shared settings of pass's run; pass's analyzer must
// require Analyzer.
func Of(pass *analysis.Pass) *Shared {
	return pass.ResultOf[Analyzer].(*Shared)
}

// IncludeGenerated reports whether the rules look into every generated
// file, for a driver that loads packages before the analyzers run (the
// standalone command, which otherwise needs no function body of a
// dependency's generated files that hold no controller code:
// internal/generated).
func IncludeGenerated() bool { return flags.IncludeGenerated }
