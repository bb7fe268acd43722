// Package inspection is what every deletionlint analysis knows of a package
// before it starts, computed once per package and shared: whether the
// package is in scope at all (recognize.InScope), its AST inspector (like
// golang.org/x/tools/go/analysis/passes/inspect), its generated files, its
// //deletionlint: directives, and the values assigned to its variables.
//
// The analyses that produce facts run on every dependency of the analysed
// packages, under go vet and golangci-lint; a package out of scope (the
// standard library, Kubernetes libraries, everything that does not use
// Kubernetes) gets a nil result and costs no traversal at all.
package inspection

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
	"github.com/deletionlint/deletionlint/analyzers/settings"
	"github.com/deletionlint/deletionlint/internal/generated"
)

// Analyzer's result is a *Package, nil for a package out of scope.
var Analyzer = &analysis.Analyzer{
	Name:             "inspection",
	Doc:              "inspects the packages the deletionlint rules look at, once: scope, AST inspector, generated files, directives, variable values",
	Run:              run,
	Requires:         []*analysis.Analyzer{settings.Analyzer},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Package](),
}

// Package is a package in scope, as the analyses see it. Its embedded
// inspector covers Files.
type Package struct {
	*inspector.Inspector
	// Files are the files the analyses look at: the package's files but
	// its generated ones that hold no controller code, unless the
	// include-generated setting is on. Without it, generated files ("//
	// Code generated ... DO NOT EDIT." before the package clause, as
	// defined by ast.IsGenerated) that import no controller framework are
	// left out of every analysis, facts included, in every driver: their
	// code (deep copies, clients, listers) holds nothing the rules learn
	// from, and the standalone command then needs no function body of
	// them in a dependency (internal/generated). A generated external
	// client that calls hand-written hooks is analysed; no rule reports in
	// it (lint reports such a finding at the hook).
	Files []*ast.File
	// Values are the assignments of the package's variables.
	Values *values.Index
	// Directives are the package's //deletionlint: comments, in file
	// order.
	Directives []*Directive
	// Funcs are the package's function declarations with a body, in file
	// order.
	Funcs []Func

	generated map[*token.File]bool
	// includeGenerated is the include-generated setting.
	includeGenerated bool

	pkg      *types.Package
	info     *types.Info
	errOnce  sync.Once
	errTypes *errorTypes // see errorTypes, built on first use
}

func run(pass *analysis.Pass) (any, error) {
	if !recognize.InScope(pass) {
		return (*Package)(nil), nil
	}
	p := &Package{Directives: parseDirectives(pass.Fset, pass.Files), includeGenerated: settings.Of(pass).IncludeGenerated, pkg: pass.Pkg, info: pass.TypesInfo}
	for _, f := range pass.Files {
		if ast.IsGenerated(f) {
			if p.generated == nil {
				p.generated = make(map[*token.File]bool)
			}
			p.generated[pass.Fset.File(f.FileStart)] = true
			if !p.includeGenerated && generated.LeftOut(f) {
				continue
			}
		}
		p.Files = append(p.Files, f)
	}
	p.Inspector = inspector.New(p.Files)
	p.Values = values.New(pass.TypesInfo, p.Inspector)
	for c := range p.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := c.Node().(*ast.FuncDecl)
		if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && fd.Body != nil {
			p.Funcs = append(p.Funcs, Func{Obj: fn, Decl: fd, Body: c.ChildAt(edge.FuncDecl_Body, -1)})
		}
	}
	return p, nil
}

// Func is a function declaration with a body.
type Func struct {
	Obj  *types.Func
	Decl *ast.FuncDecl
	// Body is Decl's body in the package's inspector, for typed walks.
	Body inspector.Cursor
}

// Of returns the inspection of pass's package, nil when it is out of scope;
// pass's analyzer must require Analyzer.
func Of(pass *analysis.Pass) *Package {
	p, _ := pass.ResultOf[Analyzer].(*Package)
	return p
}

// Generated reports whether f is a generated file ("// Code generated ...
// DO NOT EDIT." before the package clause, as defined by ast.IsGenerated).
func (p *Package) Generated(f *token.File) bool {
	return p != nil && p.generated[f]
}

// SkipsGenerated reports whether the package has generated files that the
// analyses leave out, and the rules must not report in.
func (p *Package) SkipsGenerated() bool {
	return p != nil && len(p.generated) > 0 && !p.includeGenerated
}
