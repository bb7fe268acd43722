package analyzers_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/isdeleting"
)

// The fuzz driver type-checks a source file against the GOPATH tree of
// stubs that the rules' tests share (internal/testdata/src) and the rules'
// own test cases (RULE/testdata/src),
// with go/types, and runs every analyzer on it with
// golang.org/x/tools/go/analysis/checker, as the deletionlint command does,
// facts included. Packages of that tree are parsed and checked once and
// reused by every input; other imports (the standard library) come from
// export data and are not analysed.
//
// Unlike go vet, it runs the analyzers on code with parse and type errors
// too, as gopls does: a rule must not crash on whatever partial syntax and
// types it is given.

// fuzzPkgPath is the import path of the package under test: outside every
// Kubernetes root, so that only its imports decide whether rules look at it.
const fuzzPkgPath = "example.com/fuzz/p"

// tree loads packages of the shared GOPATH tree on demand.
type tree struct {
	mu     sync.Mutex
	roots  []string // the src directories, searched in order
	fset   *token.FileSet
	std    types.Importer
	sizes  types.Sizes
	pkgs   map[string]*packages.Package
	failed map[string]error
}

var (
	sharedTree     *tree
	sharedTreeOnce sync.Once
)

func stubTree() *tree {
	sharedTreeOnce.Do(func() {
		fset := token.NewFileSet()
		sharedTree = &tree{
			roots:  testSrcDirs(),
			fset:   fset,
			std:    importer.ForCompiler(fset, "gc", nil),
			sizes:  types.SizesFor("gc", "amd64"),
			pkgs:   make(map[string]*packages.Package),
			failed: make(map[string]error),
		}
	})
	return sharedTree
}

// inTree reports whether path is a package directory of the tree.
func (t *tree) inTree(path string) bool {
	if path == "" || strings.HasPrefix(path, ".") || strings.Contains(path, "..") {
		return false
	}
	return t.dir(path) != ""
}

// dir returns the directory of the tree package path, or "".
func (t *tree) dir(path string) string {
	for _, root := range t.roots {
		d := filepath.Join(root, filepath.FromSlash(path))
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d
		}
	}
	return ""
}

// importer resolves imports for a package being checked, recording the
// tree packages it imports.
type treeImporter struct {
	t       *tree
	imports map[string]*packages.Package
}

func (im *treeImporter) Import(path string) (*types.Package, error) {
	if im.t.inTree(path) {
		p, err := im.t.load(path)
		if err != nil {
			return nil, err
		}
		im.imports[path] = p
		return p.Types, nil
	}
	return im.t.std.Import(path)
}

// load returns the tree package at path, type-checking it (and what it
// imports) the first time. t.mu must not be held.
func (t *tree) load(path string) (*packages.Package, error) {
	t.mu.Lock()
	if p, ok := t.pkgs[path]; ok {
		t.mu.Unlock()
		return p, nil
	}
	if err, ok := t.failed[path]; ok {
		t.mu.Unlock()
		return nil, err
	}
	t.mu.Unlock()

	dir := t.dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, t.fail(path, err)
	}
	var files []*ast.File
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		names = append(names, n)
	}
	sort.Strings(names)
	pkgName := ""
	for _, n := range names {
		t.mu.Lock()
		f, err := parser.ParseFile(t.fset, filepath.Join(dir, n), nil, parser.ParseComments|parser.SkipObjectResolution)
		t.mu.Unlock()
		if err != nil {
			return nil, t.fail(path, err)
		}
		if pkgName == "" {
			pkgName = f.Name.Name
		}
		if f.Name.Name == pkgName {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return nil, t.fail(path, fmt.Errorf("no Go files in %s", dir))
	}
	p, err := t.check(path, files, false)
	if err != nil {
		return nil, t.fail(path, err)
	}
	t.mu.Lock()
	t.pkgs[path] = p
	t.mu.Unlock()
	return p, nil
}

func (t *tree) fail(path string, err error) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.failed[path] = err
	return err
}

// check type-checks files as the package at path. When tolerant, type
// errors are collected and ignored (partial types), as for fuzz inputs;
// otherwise the first one is returned (the tree must be well typed).
func (t *tree) check(path string, files []*ast.File, tolerant bool) (*packages.Package, error) {
	im := &treeImporter{t: t, imports: make(map[string]*packages.Package)}
	var typeErrors []types.Error
	conf := types.Config{
		Importer: im,
		Sizes:    t.sizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				typeErrors = append(typeErrors, te)
			}
		},
	}
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		FileVersions: make(map[*ast.File]string),
	}
	name := "p"
	if len(files) > 0 && files[0].Name != nil {
		name = files[0].Name.Name
	}
	pkg, _ := conf.Check(path, t.fset, files, info)
	if len(typeErrors) > 0 && !tolerant {
		return nil, typeErrors[0]
	}
	if pkg == nil {
		pkg = types.NewPackage(path, name)
	}
	return &packages.Package{
		ID:         path,
		Name:       pkg.Name(),
		PkgPath:    path,
		Fset:       t.fset,
		Syntax:     files,
		Types:      pkg,
		TypesInfo:  info,
		TypesSizes: t.sizes,
		TypeErrors: typeErrors,
		Imports:    im.imports,
	}, nil
}

// allAnalyzers is every registered rule, the shared isdeleting analyzer
// and the deletion graph's Topology, rules on by default or not, less those
// named in the comma-separated DELETIONLINT_FUZZ_EXCLUDE (to go on fuzzing
// the others while a crash found in one is being fixed).
func allAnalyzers() []*analysis.Analyzer {
	exclude := strings.Split(os.Getenv("DELETIONLINT_FUZZ_EXCLUDE"), ",")
	out := []*analysis.Analyzer{isdeleting.Analyzer}
	if !slices.Contains(exclude, analyzers.Topology.Name) {
		out = append(out, analyzers.Topology)
	}
	for _, r := range analyzers.Rules() {
		if !slices.Contains(exclude, r.Name) {
			out = append(out, r.Analyzer())
		}
	}
	return out
}

// analyzeSource parses src as the only file of a package, type-checks it
// against the tree, and runs every analyzer on it. It returns the number of
// diagnostics; analyzer errors other than "skipped" are returned, and a
// panic in an analyzer is not recovered (the fuzzer records it).
func analyzeSource(src []byte) (int, error) {
	return analyze(src, allAnalyzers(), nil)
}

// analyze is analyzeSource with the analyzers and checker options given.
func analyze(src []byte, as []*analysis.Analyzer, opts *checker.Options) (int, error) {
	t := stubTree()
	t.mu.Lock()
	f, _ := parser.ParseFile(t.fset, "p.go", src, parser.ParseComments|parser.SkipObjectResolution)
	t.mu.Unlock()
	if f == nil || f.Name == nil || f.Name.Name == "" || f.Name.Name == "_" {
		return 0, nil
	}
	pkg, err := t.check(fuzzPkgPath, []*ast.File{f}, true)
	if err != nil {
		return 0, err
	}
	graph, err := checker.Analyze(as, []*packages.Package{pkg}, opts)
	if err != nil {
		return 0, err
	}
	n := 0
	for act := range graph.All() {
		if act.Err != nil {
			return n, fmt.Errorf("%s: %v", act, act.Err)
		}
		if act.IsRoot {
			n += len(act.Diagnostics)
		}
	}
	return n, nil
}

// mustParse parses src as a file of the tree's file set.
func mustParse(t testing.TB, src []byte) []*ast.File {
	t.Helper()
	f, err := parser.ParseFile(stubTree().fset, "p.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return []*ast.File{f}
}
