// Package load loads the packages the standalone command analyses, each
// dependency in the cheapest form the analysis allows.
//
// A driver of analyzers with facts (golang.org/x/tools/go/analysis) must run
// them on every dependency, so the usual way is to load the whole program
// from source (packages.LoadAllSyntax). Most of that work is wasted when the
// analyzers can learn nothing from most dependencies: deletionlint's facts
// come only from code that reaches Kubernetes and is not a Kubernetes
// library. Load type-checks from source the named packages and the
// dependencies the caller's Source function picks, and loads every other
// dependency from the compiler's export data, as a driver of analyzers
// without facts would. The packages it returns list only their source-loaded
// imports in Imports, so that the analysis of facts is planned for the
// dependencies loaded from source and no others.
//
// Loading is in two steps, so that a driver can analyse each package as soon
// as it is type-checked and then let its syntax go: List lists the program
// and decides what to load from source, and Result.Check type-checks it,
// calling a function for each package in import order.
package load

import (
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/internal/generated"
)

// Config says what to load and how.
type Config struct {
	// Dir, Env, BuildFlags and Tests are those of packages.Config.
	Dir        string
	Env        []string
	BuildFlags []string
	Tests      bool

	// Fset is the file set of the loaded packages; nil means a new one.
	Fset *token.FileSet

	// Source reports whether a dependency (a package not named by the
	// patterns) must be type-checked from source. It is called once per
	// package, dependencies first. A package that imports one loaded from
	// source is itself loaded from source, whatever Source says, so that
	// export data never refers to a package checked from source.
	Source func(*packages.Package) bool

	// SkipGeneratedBodies leaves out the function bodies of the generated
	// files of the dependencies loaded from source that the analyzers do
	// not look into when they leave generated files out (those that hold
	// no controller code: generated.LeftOut): type-checking the deep
	// copies, clients and listers of a large API tree is most of the cost
	// of loading it, for nothing. The named packages keep theirs.
	SkipGeneratedBodies bool

	// Parallel is how many packages are type-checked (and visited, see
	// Result.Check) at once; 0 means GOMAXPROCS.
	Parallel int
}

// ErrNoPackages is the error of List when the patterns match no package.
var ErrNoPackages = errors.New("matched no packages")

// Result is a loaded program.
type Result struct {
	// Roots are the packages the patterns named (with their test
	// variants when Config.Tests is set), loaded from source.
	Roots []*packages.Package
	// All lists every package of the program, dependencies before the
	// packages that import them, including those loaded from export data.
	// Their Errors are the program's errors.
	All []*packages.Package
	// FromSource counts the packages type-checked from source.
	FromSource int

	l *loader
}

// metadataMode asks go list for the import graph and the compiler's export
// data, without any parsing or type-checking in go/packages.
const metadataMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedExportFile | packages.NeedModule |
	packages.NeedTypesSizes

// Load loads the packages named by patterns: List, then Check. An error is
// returned only when the packages could not be listed at all; errors in
// packages are in their Errors, and those packages are IllTyped, as with
// packages.Load.
func Load(cfg *Config, patterns ...string) (*Result, error) {
	res, err := List(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	res.Check(nil)
	return res, nil
}

// List lists the packages named by patterns and their dependencies, and
// decides which are loaded from source; it type-checks nothing (see
// Result.Check). The packages loaded from source list only their
// source-loaded imports in Imports from then on.
func List(cfg *Config, patterns ...string) (*Result, error) {
	roots, err := packages.Load(&packages.Config{
		Mode:       metadataMode,
		Dir:        cfg.Dir,
		Env:        cfg.Env,
		BuildFlags: cfg.BuildFlags,
		Tests:      cfg.Tests,
	}, patterns...)
	if err != nil {
		return nil, err
	}
	if len(roots) == 0 {
		return nil, fmt.Errorf("%s: %w", strings.Join(patterns, " "), ErrNoPackages)
	}

	fset := cfg.Fset
	if fset == nil {
		fset = token.NewFileSet()
	}
	l := &loader{
		fset:     fset,
		parallel: cfg.Parallel,
		source:   make(map[*packages.Package]bool),
		imports:  make(map[*packages.Package]map[string]*packages.Package),
		direct:   make(map[*packages.Package]bool),
		exports:  make(map[*packages.Package]*sync.Once),
	}
	if l.parallel <= 0 {
		l.parallel = runtime.GOMAXPROCS(0)
	}
	isRoot := make(map[*packages.Package]bool, len(roots))
	if cfg.SkipGeneratedBodies {
		l.keepBodies = isRoot
	}
	for _, p := range roots {
		isRoot[p] = true
	}
	packages.Visit(roots, nil, func(p *packages.Package) {
		l.all = append(l.all, p)
		src := isRoot[p] || (cfg.Source != nil && cfg.Source(p))
		for _, imp := range p.Imports {
			src = src || l.source[imp]
		}
		l.source[p] = src
	})

	res := &Result{Roots: roots, All: l.all, l: l}
	for _, p := range l.all {
		if l.source[p] {
			res.FromSource++
			l.imports[p] = maps.Clone(p.Imports) // the type checker needs them all
			for path, imp := range p.Imports {
				if !l.source[imp] {
					delete(p.Imports, path)
					l.direct[imp] = imp.PkgPath != "unsafe"
				}
			}
		}
	}
	return res, nil
}

// Check gives every package its types, as List planned: the packages loaded
// from source are parsed and type-checked, and the others read from export
// data when a package checked from source imports them. It must be called
// once.
//
// When visit is not nil, it is called for each package loaded from source
// once the package is type-checked and visit has returned for every package
// it imports from source, so that what visit learns of a package is there
// when its importers are visited; calls run in parallel, as many as
// Config.Parallel. No export data is read once the first call is made:
// visit sees the types of the whole program, as it would after checking
// every package. When visit returns, the package's Syntax and TypesInfo
// are dropped: only its types stay, for the packages that import it, and
// the memory holds the syntax of a few packages at a time instead of the
// whole program's. The package's IllTyped is set before visit is called.
func (res *Result) Check(visit func(*packages.Package)) {
	res.l.typeCheck(visit)
}

type loader struct {
	// keepBodies, when not nil, holds the packages whose generated files
	// keep their function bodies (the others lose them).
	keepBodies map[*packages.Package]bool
	fset       *token.FileSet
	parallel   int
	all        []*packages.Package // dependencies first
	source     map[*packages.Package]bool
	// imports are all the imports of each package loaded from source (its
	// Imports lists only those loaded from source).
	imports map[*packages.Package]map[string]*packages.Package
	// direct holds the packages read from export data that a package
	// loaded from source imports: those whose export data is read.
	direct map[*packages.Package]bool

	// exports holds, for each package not loaded from source, the Once
	// that reads its export data.
	exports map[*packages.Package]*sync.Once
	// exportMu serialises the reading of export data, which adds objects
	// to packages that other readers may be looking at.
	exportMu sync.Mutex
}

// typeCheck gives every package its types (see Result.Check). Packages
// loaded from source are checked in parallel as far as the import graph
// allows; the export data of a dependency is read when a package checked
// from source imports it. Like go/packages, it creates a types.Package for
// every other package first: export data is deep (it describes the types
// of indirect dependencies it mentions), and the readers must share one
// types.Package per path.
func (l *loader) typeCheck(visit func(*packages.Package)) {
	checked := make(map[*packages.Package]chan struct{}) // closed once type-checked
	visited := make(map[*packages.Package]chan struct{}) // closed once visited
	for _, p := range l.all {
		p.Fset = l.fset
		switch {
		case p.PkgPath == "unsafe":
			p.Types = types.Unsafe
		case l.source[p]:
			checked[p] = make(chan struct{})
			visited[p] = make(chan struct{})
		default:
			p.Types = types.NewPackage(p.PkgPath, p.Name)
			l.exports[p] = new(sync.Once)
		}
	}
	// With visit, the export data of every package a package checked from
	// source imports is read before the first visit, so that no analysis
	// runs while a reader adds to packages it may look at (a package's
	// imports, objects of a package only known deeply), and every analysis
	// sees the types that reading all of them gives, as when all packages
	// were checked before any was analysed. Reading is serialised
	// anyway; type-checking goes on meanwhile.
	var exportsRead chan struct{}
	if visit != nil {
		exportsRead = make(chan struct{})
		go func() {
			defer close(exportsRead)
			for _, p := range l.all { // dependencies first
				if l.direct[p] {
					l.exports[p].Do(func() { l.fromExportData(p) })
				}
			}
		}()
	}
	// A token per package being type-checked or visited; with visit, a
	// slot in pending per package type-checked and not yet visited, so
	// that a few packages hold their syntax at a time.
	cpu := make(chan struct{}, l.parallel)
	pending := make(chan struct{}, l.parallel)
	var ill illTyped
	var wg sync.WaitGroup
	for p := range checked {
		wg.Go(func() {
			defer close(visited[p])
			for _, imp := range l.imports[p] {
				if ch := checked[imp]; ch != nil {
					<-ch
				}
			}
			if visit != nil {
				pending <- struct{}{}
				defer func() { <-pending }()
			}
			cpu <- struct{}{}
			l.fromSource(p)
			<-cpu
			close(checked[p])
			if visit == nil {
				return
			}
			<-exportsRead
			for _, imp := range p.Imports { // those loaded from source
				<-visited[imp]
			}
			p.IllTyped = ill.of(l, p)
			cpu <- struct{}{}
			defer func() { <-cpu }()
			visit(p)
			p.Syntax, p.TypesInfo = nil, nil
		})
	}
	wg.Wait()
	for _, p := range l.all { // dependencies first
		p.IllTyped = len(p.Errors) > 0
		for _, imp := range l.importsOf(p) {
			p.IllTyped = p.IllTyped || imp.IllTyped
		}
	}
}

// importsOf returns all of p's imports, those loaded from source or not.
func (l *loader) importsOf(p *packages.Package) map[string]*packages.Package {
	if imps, ok := l.imports[p]; ok {
		return imps
	}
	return p.Imports
}

// illTyped tells, while packages are still being checked, whether a
// package or any of its dependencies has errors. A package loaded from
// source is asked once its imports have their IllTyped set; the answer for
// one read from export data is kept, all export data being read before the
// first visit.
type illTyped struct {
	mu   sync.Mutex
	memo map[*packages.Package]bool // packages read from export data
}

func (t *illTyped) of(l *loader, p *packages.Package) bool {
	l.exportMu.Lock() // fromExportData adds errors under it
	defer l.exportMu.Unlock()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.memo == nil {
		t.memo = make(map[*packages.Package]bool)
	}
	var of func(p *packages.Package) bool
	of = func(p *packages.Package) bool {
		ill, ok := t.memo[p]
		if ok {
			return ill
		}
		ill = len(p.Errors) > 0
		for _, imp := range l.importsOf(p) {
			if l.source[imp] {
				ill = ill || imp.IllTyped
			} else {
				ill = of(imp) || ill
			}
		}
		if !l.source[p] {
			t.memo[p] = ill
		}
		return ill
	}
	return of(p)
}

// fromSource parses and type-checks p, recording its syntax and type
// information; errors go to p.Errors and p.TypeErrors.
func (l *loader) fromSource(p *packages.Package) {
	var stripped map[*token.File]bool // files whose bodies were dropped
	// ignored reports a soft error (an unused import) in such a file: an
	// import only the dropped bodies used.
	ignored := func(err error) bool {
		terr, ok := err.(types.Error)
		return ok && terr.Soft && stripped[l.fset.File(terr.Pos)]
	}
	for _, name := range p.CompiledGoFiles {
		f, err := parser.ParseFile(l.fset, name, nil, parser.AllErrors|parser.ParseComments)
		if f != nil {
			if l.keepBodies != nil && !l.keepBodies[p] && generated.LeftOut(f) {
				dropBodies(f)
				if stripped == nil {
					stripped = make(map[*token.File]bool)
				}
				stripped[l.fset.File(f.FileStart)] = true
			}
			p.Syntax = append(p.Syntax, f)
		}
		if err != nil {
			l.addError(p, err, packages.ParseError)
		}
	}
	p.TypesInfo = &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			imp := l.imports[p][path]
			switch {
			case imp == nil:
				return nil, fmt.Errorf("no metadata for %s", path)
			case l.exports[imp] != nil:
				l.exports[imp].Do(func() { l.fromExportData(imp) })
			}
			if imp.Types == nil || !imp.Types.Complete() {
				return nil, fmt.Errorf("could not load %s", path)
			}
			return imp.Types, nil
		}),
		Sizes: p.TypesSizes,
		Error: func(err error) {
			if ignored(err) {
				return
			}
			l.addError(p, err, packages.TypeError)
			if terr, ok := err.(types.Error); ok {
				p.TypeErrors = append(p.TypeErrors, terr)
			}
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	listed := len(p.Errors)
	if err := types.NewChecker(tc, l.fset, p.Types, p.TypesInfo).Files(p.Syntax); err != nil && !ignored(err) && len(p.Errors) == 0 {
		// Unreported (a version too new, say): keep the package ill-typed.
		l.addError(p, err, packages.TypeError)
	}
	if len(p.Errors) > listed {
		p.Errors = dropCompilerOutput(p)
	}
}

// dropBodies removes the bodies of f's functions and methods, and its init
// functions (which must have one): the type checker then checks their
// declarations only.
func dropBodies(f *ast.File) {
	decls := f.Decls[:0]
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			if fd.Recv == nil && fd.Name.Name == "init" {
				continue
			}
			fd.Body = nil
		}
		decls = append(decls, d)
	}
	f.Decls = decls
}

// dropCompilerOutput returns p's errors without the compiler's report of
// its failure to build the export data: go list compiles every package, and
// for a package checked from source the type checker has said the same.
func dropCompilerOutput(p *packages.Package) []packages.Error {
	var out []packages.Error
	for _, e := range p.Errors {
		if e.Kind == packages.ListError && (strings.HasPrefix(e.Msg, "# "+p.PkgPath+"\n") || strings.HasPrefix(e.Msg, "# "+p.ID+"\n")) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// fromExportData reads p's types, into p.Types, from the export data the
// compiler wrote for it, sharing the packages of its dependencies.
func (l *loader) fromExportData(p *packages.Package) {
	l.exportMu.Lock()
	defer l.exportMu.Unlock()
	if p.ExportFile == "" {
		if len(p.Errors) == 0 {
			l.addError(p, fmt.Errorf("no export data for %s", p.ID), packages.UnknownError)
		}
		return
	}
	// The export data names packages by path, unique within one program
	// (one test binary at most): give the reader every dependency.
	view := make(map[string]*types.Package)
	var add func(q *packages.Package)
	add = func(q *packages.Package) {
		for _, imp := range l.importsOf(q) {
			if imp.Types != nil && view[imp.PkgPath] == nil {
				view[imp.PkgPath] = imp.Types
				add(imp)
			}
		}
	}
	add(p)
	view[p.PkgPath] = p.Types
	if _, err := readExportData(l.fset, view, p.ExportFile, p.PkgPath); err != nil {
		l.addError(p, fmt.Errorf("reading export data for %s: %v", p.ID, err), packages.UnknownError)
	}
}

func readExportData(fset *token.FileSet, view map[string]*types.Package, file, path string) (_ *types.Package, err error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, f.Close()) }()
	// The go command's export files are still archives in Go 1.26, which
	// only NewReader opens (until Go 1.29).
	r, err := gcexportdata.NewReader(bufio.NewReader(f)) //nolint:staticcheck // SA1019: see above
	if err != nil {
		return nil, err
	}
	return gcexportdata.Read(r, fset, view, path)
}

// addError records err in p.Errors in the form packages.Load gives.
func (l *loader) addError(p *packages.Package, err error, kind packages.ErrorKind) {
	var list scanner.ErrorList
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: kind})
		}
	case isTypeError(err):
		terr := err.(types.Error)
		p.Errors = append(p.Errors, packages.Error{Pos: l.fset.Position(terr.Pos).String(), Msg: terr.Msg, Kind: kind})
	default:
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: kind})
	}
}

func isTypeError(err error) bool {
	_, ok := err.(types.Error)
	return ok
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
