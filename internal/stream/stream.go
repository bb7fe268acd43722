// Package stream runs go/analysis analyzers on a program while it is being
// type-checked, one package at a time, so that the program's syntax need
// not be held all at once.
//
// It plans and reports like golang.org/x/tools/go/analysis/checker: the
// selected analyzers run on the root packages, those with facts also on
// every dependency loaded from source, each analyzer after those it
// requires; the facts a package sees are those the checker's actions would
// inherit; the result is a checker.Graph of the same shape, so that it is
// printed, deduplicated and fixed as the checker's is. What differs is when
// the work is done and what is kept: a package is analysed as soon as it is
// type-checked and its imports are analysed (internal/load's Result.Check
// calls Run.Visit), its analyzers' results are dropped as soon as its last
// analyser has run, and facts are stored once per package instead of being
// copied into every action that inherits them. Memory then holds the
// program's types and facts, the syntax of the few packages in flight, and
// the diagnostics.
package stream

import (
	"fmt"
	"go/types"
	"io"
	"maps"
	"net/url"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Options control a Run.
type Options struct {
	// FactLog, when not nil, receives a line for each exported fact, as
	// checker.Options.FactLog does.
	FactLog io.Writer
	// Keep are analyzers whose results on the root packages are kept, in
	// their root actions' Result, for the caller to read once the run is
	// over; they must be small and hold no syntax or types.
	Keep []*analysis.Analyzer
}

// A Run is the analysis of one program.
type Run struct {
	opts  Options
	roots []*checker.Action
	// steps are the actions on each package, each after those it requires.
	steps map[*packages.Package][]*step
	// pkgs describes the packages that have actions; it is written
	// before any package is visited, and each package's entry is filled
	// in when it is visited, before its importers are.
	pkgs  map[*packages.Package]*pkg
	order []*pkg // pkgs by index
	// byTypes finds a visited package from its types.
	byTypesMu sync.Mutex
	byTypes   map[*types.Package]*pkg
}

// A step is one action: an analyzer applied to a package.
type step struct {
	act      *checker.Action
	requires []*step // actions of the same package it requires, in order
	facts    *facts  // what it exported; nil for an analyzer without facts
}

// pkg is what a Run knows of a package.
type pkg struct {
	p     *packages.Package
	index int // in Run order, for deps
	// imports are p's imports that have actions, by import path.
	imports map[string]*pkg
	// direct and deps hold the index of every package with actions that p
	// imports, and that p depends on directly or not; set when p is
	// visited.
	direct, deps bitset
	// facts holds, per analyzer with facts, what it exported on p.
	facts map[*analysis.Analyzer]*facts
}

// facts are what one analyzer exported on one package.
type facts struct {
	objects  map[objectFactKey]analysis.Fact
	packages map[reflect.Type]analysis.Fact // facts about the package itself
}

type objectFactKey struct {
	obj types.Object
	typ reflect.Type
}

// New plans the analysis of roots by analyzers: one action per analyzer and
// root, and the actions these require, as checker.Analyze plans them. The
// packages must come from internal/load, so that the Imports of a package
// loaded from source list the imports loaded from source.
func New(analyzers []*analysis.Analyzer, roots []*packages.Package, opts Options) (*Run, error) {
	if err := analysis.Validate(analyzers); err != nil {
		return nil, err
	}
	r := &Run{
		opts:    opts,
		steps:   make(map[*packages.Package][]*step),
		pkgs:    make(map[*packages.Package]*pkg),
		byTypes: make(map[*types.Package]*pkg),
	}
	type key struct {
		a *analysis.Analyzer
		p *packages.Package
	}
	planned := make(map[key]*step)
	var plan func(a *analysis.Analyzer, p *packages.Package) *step
	plan = func(a *analysis.Analyzer, p *packages.Package) *step {
		k := key{a, p}
		if s, ok := planned[k]; ok {
			return s
		}
		s := &step{act: &checker.Action{Analyzer: a, Package: p}}
		for _, req := range a.Requires {
			dep := plan(req, p)
			s.requires = append(s.requires, dep)
			s.act.Deps = append(s.act.Deps, dep.act)
		}
		if len(a.FactTypes) > 0 {
			s.facts = new(facts)
			for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
				s.act.Deps = append(s.act.Deps, plan(a, p.Imports[path]).act)
			}
		}
		planned[k] = s
		// The package's steps in an order where each follows those it
		// requires: a step is appended after its requirements are.
		r.steps[p] = append(r.steps[p], s)
		return s
	}
	for _, a := range analyzers {
		for _, p := range roots {
			s := plan(a, p)
			s.act.IsRoot = true
			r.roots = append(r.roots, s.act)
		}
	}
	// Index the packages with actions, dependencies first.
	var index func(p *packages.Package) *pkg
	index = func(p *packages.Package) *pkg {
		if k, ok := r.pkgs[p]; ok {
			return k
		}
		k := &pkg{p: p, imports: make(map[string]*pkg), facts: make(map[*analysis.Analyzer]*facts)}
		for path, imp := range p.Imports {
			if _, ok := r.steps[imp]; ok {
				k.imports[path] = index(imp)
			}
		}
		k.index = len(r.order)
		r.pkgs[p] = k
		r.order = append(r.order, k)
		return k
	}
	for _, act := range r.roots {
		index(act.Package)
	}
	for p, steps := range r.steps {
		k := index(p)
		for _, s := range steps {
			if s.facts != nil {
				k.facts[s.act.Analyzer] = s.facts
			}
		}
	}
	return r, nil
}

// Visit runs the actions planned for p. It must be called once p is
// type-checked and Visit has returned for each of p's imports, as
// load.Result.Check does; calls for different packages may run in
// parallel.
func (r *Run) Visit(p *packages.Package) {
	k := r.pkgs[p]
	if k == nil {
		return // nothing to do here
	}
	k.direct, k.deps = newBitset(len(r.pkgs)), newBitset(len(r.pkgs))
	for _, imp := range k.imports {
		k.direct.set(imp.index)
		k.deps.set(imp.index)
		k.deps.union(imp.deps)
	}
	r.byTypesMu.Lock()
	r.byTypes[p.Types] = k
	r.byTypesMu.Unlock()

	results := make(map[*step]any) // the package's results, dropped on return
	for _, s := range r.steps[p] {
		r.exec(k, s, results)
	}
}

// exec runs one action.
func (r *Run) exec(k *pkg, s *step, results map[*step]any) {
	act := s.act
	t0 := time.Now()
	defer func() { act.Duration = time.Since(t0) }()

	var failed []string
	for _, dep := range act.Deps {
		if dep.Err != nil {
			failed = append(failed, dep.String())
		}
	}
	if failed != nil {
		sort.Strings(failed)
		act.Err = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
		return
	}
	p := act.Package
	if p.IllTyped && !act.Analyzer.RunDespiteErrors {
		act.Err = fmt.Errorf("analysis skipped due to errors in package")
		return
	}
	inputs := make(map[*analysis.Analyzer]any, len(s.requires))
	for _, req := range s.requires {
		inputs[req.act.Analyzer] = results[req]
	}
	pass := &analysis.Pass{
		Analyzer:     act.Analyzer,
		Fset:         p.Fset,
		Files:        p.Syntax,
		OtherFiles:   p.OtherFiles,
		IgnoredFiles: p.IgnoredFiles,
		Pkg:          p.Types,
		TypesInfo:    p.TypesInfo,
		TypesSizes:   p.TypesSizes,
		TypeErrors:   p.TypeErrors,
		Module:       module(p.Module),
		ResultOf:     inputs,
		Report:       func(d analysis.Diagnostic) { act.Diagnostics = append(act.Diagnostics, d) },
	}
	f := &factView{run: r, k: k, a: act.Analyzer, own: s.facts, pass: pass}
	pass.ImportObjectFact = f.importObjectFact
	pass.ExportObjectFact = f.exportObjectFact
	pass.ImportPackageFact = f.importPackageFact
	pass.ExportPackageFact = f.exportPackageFact
	pass.AllObjectFacts = f.allObjectFacts
	pass.AllPackageFacts = f.allPackageFacts
	pass.ReadFile = func(name string) ([]byte, error) {
		if err := readable(pass, name); err != nil {
			return nil, err
		}
		return os.ReadFile(name)
	}

	result, err := act.Analyzer.Run(pass)
	f.done = true // no fact read or written after Run
	switch {
	case err != nil:
		act.Err = err
		return
	case reflect.TypeOf(result) != act.Analyzer.ResultType:
		act.Err = fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v",
			p.Types.Path(), act.Analyzer, reflect.TypeOf(result), act.Analyzer.ResultType)
		return
	}
	for i := range act.Diagnostics {
		u, err := resolveURL(act.Analyzer, act.Diagnostics[i])
		if err != nil {
			act.Err = err
			return
		}
		act.Diagnostics[i].URL = u
	}
	results[s] = result
	if act.IsRoot && slices.Contains(r.opts.Keep, act.Analyzer) {
		act.Result = result
	}
}

// Graph returns the actions, once every package has been visited: its
// Roots are one action per analyzer and root package, as those of
// checker.Analyze, with Deps to the actions they required. No action keeps
// its Result but the root actions of the analyzers of Options.Keep.
func (r *Run) Graph() *checker.Graph {
	return &checker.Graph{Roots: r.roots}
}

// readable is the policy of analysis.Pass.ReadFile: the package's files
// only.
func readable(pass *analysis.Pass, name string) error {
	if slices.Contains(pass.OtherFiles, name) || slices.Contains(pass.IgnoredFiles, name) {
		return nil
	}
	for _, f := range pass.Files {
		if pass.Fset.File(f.FileStart).Name() == name {
			return nil
		}
	}
	return fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", name)
}

// resolveURL gives a diagnostic the URL the checker gives it: its own,
// else "#category", resolved against the analyzer's URL.
func resolveURL(a *analysis.Analyzer, d analysis.Diagnostic) (string, error) {
	if d.URL == "" && d.Category == "" && a.URL == "" {
		return "", nil
	}
	raw := d.URL
	if d.URL == "" && d.Category != "" {
		raw = "#" + d.Category
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("invalid Diagnostic.URL %q: %s", raw, err)
	}
	base, err := url.Parse(a.URL)
	if err != nil {
		return "", fmt.Errorf("invalid Analyzer.URL %q: %s", a.URL, err)
	}
	return base.ResolveReference(u).String(), nil
}

// module converts the package's module as the checker does; never nil.
func module(m *packages.Module) *analysis.Module {
	if m == nil {
		return &analysis.Module{}
	}
	return convertModule(m)
}

func convertModule(m *packages.Module) *analysis.Module {
	if m == nil {
		return nil
	}
	var err *analysis.ModuleError
	if m.Error != nil {
		err = &analysis.ModuleError{Err: m.Error.Err}
	}
	return &analysis.Module{
		Path:      m.Path,
		Version:   m.Version,
		Replace:   convertModule(m.Replace),
		Time:      m.Time,
		Main:      m.Main,
		Indirect:  m.Indirect,
		Dir:       m.Dir,
		GoMod:     m.GoMod,
		GoVersion: m.GoVersion,
		Error:     err,
	}
}
