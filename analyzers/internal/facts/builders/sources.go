package builders

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// sourceFact is exported on a function that returns a controller-runtime
// source whose watched kinds are known: the kinds of the source.Kind it
// returns, or none for a channel or function source (a cluster-health
// channel, a timer). A controller given such a source by
// WatchesRawSource or Watch watches those kinds only.
type sourceFact struct {
	Kinds []string // sorted
}

// AFact marks sourceFact as a fact.
func (*sourceFact) AFact() {}

func (f *sourceFact) String() string { return "source" + "(" + joinKinds(f.Kinds) + ")" }

func joinKinds(ks []string) string {
	out := ""
	for i, k := range ks {
		if i > 0 {
			out += " "
		}
		out += k
	}
	return out
}

// sources resolves the kinds a source expression watches: literals in it
// (source.Kind(cache, &T{}, h)), or the facts of the functions that return
// it.
type sources struct {
	pass  *analysis.Pass
	local map[*types.Func][]string // the package's source functions of known kinds
	// funcs indexes the package's functions that return a source, and
	// imported other packages' that have a fact (built on first use):
	// the implementations an interface method may run.
	funcs, imported *callees.Methods
}

// newSources finds the package's functions that return a source of known
// kinds, and exports their facts.
func newSources(pass *analysis.Pass) *sources {
	s := &sources{pass: pass, local: make(map[*types.Func][]string)}
	info := pass.TypesInfo
	type fnDecl struct {
		fn   *types.Func
		decl *ast.FuncDecl
		res  int // the index of the source result
	}
	var fns []fnDecl
	for _, f := range inspection.Of(pass).Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			for i, t := range recognize.ResultTypes(fn) {
				if isSourceType(t) {
					fns = append(fns, fnDecl{fn, fd, i})
					break
				}
			}
		}
	}
	methods := make([]*types.Func, len(fns))
	for i, fd := range fns {
		methods[i] = fd.fn
	}
	s.funcs = callees.NewMethods(methods)
	// Helpers returning other helpers' sources: to a fixed point.
	fixpoint.Solve(fns, func(fd fnDecl) bool {
		if _, done := s.local[fd.fn]; done {
			return false
		}
		kinds := make(map[string]bool)
		known, any := true, false
		ast.Inspect(fd.decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if fd.res < len(n.Results) {
					any = true
					known = known && s.kinds(n.Results[fd.res], kinds, 0)
				} else if len(n.Results) > 0 {
					known = false // a call returning all results
				}
			}
			return known
		})
		if known && any {
			s.local[fd.fn] = sortedKeys(kinds)
			return true
		}
		return false
	})
	for _, fd := range fns {
		if ks, ok := s.local[fd.fn]; ok && recognize.Exportable(fd.fn) {
			pass.ExportObjectFact(fd.fn, &sourceFact{Kinds: ks})
		}
	}
	return s
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// isSourceType reports whether t is one of controller-runtime's source
// interfaces (Source, SyncingSource, typed or not) or a pointer to a source
// type of its source package.
func isSourceType(t types.Type) bool {
	n := recognize.Named(recognize.Unpointer(t))
	return n != nil && n.Obj().Pkg() != nil && recognize.PathIs(n.Obj().Pkg().Path(), recognize.PkgSource)
}

// kinds adds to watched the kinds the source expression e watches and
// reports whether they are known. depth bounds the variables followed.
func (s *sources) kinds(e ast.Expr, watched map[string]bool, depth int) bool {
	info := s.pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.Ident:
		if e.Name == "nil" && info.Uses[e] == types.Universe.Lookup("nil") {
			return true
		}
		v, ok := info.Uses[e].(*types.Var)
		if !ok || depth > 3 {
			return false
		}
		as := inspection.Of(s.pass).Values.Assignments(v)
		if len(as) != 1 || as[0].Single() == nil {
			return false
		}
		return s.kinds(as[0].Single(), watched, depth+1)
	case *ast.CompositeLit:
		n := recognize.Named(info.TypeOf(e))
		if n == nil || n.Obj().Pkg() == nil || !recognize.PathIs(n.Obj().Pkg().Path(), recognize.PkgSource) {
			return false
		}
		switch n.Obj().Name() {
		case "Channel", "TypedChannel":
			return true
		}
		return kindsIn(info, e, watched)
	case *ast.CallExpr:
		key := recognize.CallKey(info, e)
		switch {
		case recognize.KeyIs(key, recognize.PkgSource, "Kind") || recognize.KeyIs(key, recognize.PkgSource, "TypedKind"):
			// source.Kind(cache, obj, handler, predicates...): the kind of
			// obj; the handler's arguments (an owner type, the requests
			// a mapping function builds) are not watched.
			if len(e.Args) < 2 {
				return false
			}
			return s.objectKinds(e.Args[1], watched, depth)
		case recognize.KeyIs(key, recognize.PkgSource, "Channel") || recognize.KeyIs(key, recognize.PkgSource, "TypedChannel") ||
			recognize.KeyIs(key, recognize.PkgSource, "Func") || recognize.KeyIs(key, recognize.PkgSource, "TypedFunc"):
			return true // events come from the program, not from watching a kind
		}
		fn := recognize.Callee(info, e)
		if fn == nil {
			return false
		}
		ks, ok := s.ofFunc(fn.Origin())
		for _, k := range ks {
			watched[k] = true
		}
		return ok
	}
	return false
}

// objectKinds adds to watched the kind of the object e, given to
// source.Kind: a literal, a variable assigned one object once, or an
// expression of a concrete object type. It reports false for an object it
// cannot name (a client.Object a function returns, its kind chosen at run
// time), so that the watches are not all known.
func (s *sources) objectKinds(e ast.Expr, watched map[string]bool, depth int) bool {
	info := s.pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if id, ok := e.(*ast.Ident); ok && depth <= 3 {
		if v, ok := info.Uses[id].(*types.Var); ok && types.IsInterface(v.Type()) {
			as := inspection.Of(s.pass).Values.Assignments(v)
			if len(as) != 1 || as[0].Single() == nil {
				return false
			}
			return s.objectKinds(as[0].Single(), watched, depth+1)
		}
	}
	t := info.TypeOf(e)
	if t == nil || types.IsInterface(t) {
		return false
	}
	k := objkind.Of(t)
	if k == "" || isSource(k) || recognize.IsNamedOrPointer(t, recognize.PkgMetaV1, "PartialObjectMetadata") {
		return false
	}
	watched[k] = true
	return true
}

// ofFunc returns the kinds the source fn returns watches: from the
// package's own analysis, a fact, or, for an interface method, the facts of
// every implementation (none found: unknown).
func (s *sources) ofFunc(fn *types.Func) ([]string, bool) {
	if ks, ok := s.local[fn]; ok {
		return ks, true
	}
	if !recognize.IsInterfaceMethod(fn) {
		var f sourceFact
		if fn.Pkg() != s.pass.Pkg && s.pass.ImportObjectFact(fn, &f) {
			return f.Kinds, true
		}
		return nil, false
	}
	if s.imported == nil {
		s.imported = callees.Imported(s.pass, func(f analysis.Fact) bool { _, ok := f.(*sourceFact); return ok })
	}
	var out []string
	found := false
	for _, impl := range callees.Implementations(fn, s.funcs, s.imported) {
		ks, ok := s.local[impl]
		if impl.Pkg() != s.pass.Pkg {
			var f sourceFact
			ok = s.pass.ImportObjectFact(impl, &f)
			ks = f.Kinds
		}
		if !ok {
			continue // of the package, and not known (yet)
		}
		found = true
		for _, k := range ks {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out, found
}
