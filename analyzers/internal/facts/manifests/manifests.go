// Package manifests follows the manifests a package embeds with
// //go:embed: the kinds its YAML files declare (apiVersion and kind of
// each document) are the kinds of the objects decoded from them, into
// unstructured objects or through a deserializer into runtime.Object,
// whatever the code does in between (reading a file of an embed.FS, a
// template, a reader, a decoder, a helper of the package or of another
// one). The flow is followed within each function, flow-insensitively,
// from what is read from an embedded variable to the local variables it
// reaches (assigned, or written by a call given it as input); a function's
// results carry what its returns carry, or what it is given in a
// parameter. The kinds then stand for those of the objects, as a static
// type would: children reads them (Result.Kinds).
package manifests

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/factcache"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// Analyzer follows the package's embedded manifests; its result is a
// *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "manifests",
	Doc:        "follow the manifests a package embeds to the objects decoded from them (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspection.Analyzer},
	FactTypes:  []analysis.Fact{new(embeddedFact), new(funcFact), new(packageFact)},
	ResultType: reflect.TypeFor[*Result](),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

// Result is what the package's variables hold of embedded manifests.
type Result struct {
	state *state
}

// Of returns the manifests analysis' result for pass; pass's analyzer
// must require Analyzer.
func Of(pass *analysis.Pass) *Result {
	r, _ := pass.ResultOf[Analyzer].(*Result)
	return r
}

// funcFact summarises what a function's results hold of embedded
// manifests, for its callers in other packages.
type funcFact struct {
	// GVKs are the "apiVersion Kind" of the embedded manifests the results
	// hold, sorted.
	GVKs []string
	// Params are the parameters whose manifests the results hold (a
	// decoder given the data), sorted.
	Params []int
	// Files are the parameters that name the file of an embed.FS whose
	// manifests the results hold, by parameter.
	Files []fileParam
}

// fileParam is a parameter that names a file of embedded manifests.
type fileParam struct {
	Param int
	Files []embeddedFile
}

// AFact implements analysis.Fact.
func (*funcFact) AFact() {}

func (f *funcFact) String() string {
	var parts []string
	for _, g := range f.GVKs {
		parts = append(parts, "returns manifest "+g)
	}
	for _, p := range f.Params {
		parts = append(parts, "returns manifests of param "+strconv.Itoa(p))
	}
	for _, fp := range f.Files {
		parts = append(parts, "returns the file param "+strconv.Itoa(fp.Param)+" names of "+strconv.Itoa(len(fp.Files))+" files")
	}
	return strings.Join(parts, " ")
}

// taint returns what a call's result holds by f, before its arguments.
func (f *funcFact) taint() *taint {
	t := new(taint)
	t.addGVKs(f.GVKs)
	for _, p := range f.Params {
		t.addParam(p)
	}
	for _, fp := range f.Files {
		t.addFiles(fp.Param, &embeddedFact{Files: fp.Files})
	}
	return t
}

// fact returns the fact of a function whose results hold t.
func (t *taint) fact() *funcFact {
	f := &funcFact{GVKs: slices.Sorted(maps.Keys(t.gvks)), Params: slices.Sorted(maps.Keys(t.params))}
	for _, p := range slices.Sorted(maps.Keys(t.files)) {
		f.Files = append(f.Files, fileParam{Param: p, Files: t.files[p].Files})
	}
	return f
}

// funcInfo is a function declaration of the package.
type funcInfo struct {
	fn   *types.Func
	decl *ast.FuncDecl
	// body is decl's body in the package's inspector, for typed walks.
	body inspector.Cursor
	// params are its parameters' indexes.
	params map[*types.Var]int
}

// state is what a run knows of the package's embedded manifests.
type state struct {
	pass   *analysis.Pass
	values *values.Index
	byFunc map[*types.Func]*funcInfo
	// on reports that the package embeds manifests or imports a package
	// that does (or returns them): otherwise nothing is followed.
	on bool
	// embeds are the package's embedding variables.
	embeds map[*types.Var]*embeddedFact
	// importedEmbeds are the facts of other packages' embedding
	// variables, and funcFacts those of their functions.
	importedEmbeds *factcache.Cache[embeddedFact, *embeddedFact]
	funcFacts      *factcache.Cache[funcFact, *funcFact]
	// vars is what each local variable holds, results what each function's
	// results hold.
	vars    map[*types.Var]*taint
	results map[*types.Func]*taint
	// custom caches the kinds of custom resources by "apiVersion Kind".
	custom map[string]string
	// byName indexes the packages the package reaches by their last path
	// element (an API version), built when a custom resource is resolved.
	byName map[string][]*types.Package
}

func run(pass *analysis.Pass) (any, error) {
	insp := inspection.Of(pass)
	if insp == nil {
		return &Result{}, nil
	}
	a := &state{
		pass: pass, values: insp.Values, byFunc: make(map[*types.Func]*funcInfo),
		vars: make(map[*types.Var]*taint), results: make(map[*types.Func]*taint),
		importedEmbeds: factcache.New[embeddedFact](pass), funcFacts: factcache.New[funcFact](pass),
	}
	var infos []*funcInfo
	for _, f := range insp.Funcs {
		fi := &funcInfo{fn: f.Obj, decl: f.Decl, body: f.Body}
		infos = append(infos, fi)
		a.byFunc[f.Obj] = fi
	}
	a.findEmbeds()
	a.followManifests(infos)
	return &Result{state: a}, nil
}

// followManifests computes, for every function of the package, what its
// local variables and its results hold of embedded manifests.
func (a *state) followManifests(infos []*funcInfo) {
	if !a.on {
		return
	}
	for _, fi := range infos {
		fi.params = make(map[*types.Var]int)
		for obj, i := range recognize.ParamIndexes(a.pass.TypesInfo, fi.decl.Type) {
			if v, ok := obj.(*types.Var); ok {
				fi.params[v] = i
			}
		}
	}
	fixpoint.Solve(infos, a.followFunc)
	carries := len(a.embeds) > 0
	for _, fi := range infos {
		if t := a.results[fi.fn]; !t.empty() {
			carries = true
			a.pass.ExportObjectFact(fi.fn, t.fact())
		}
	}
	if carries {
		a.pass.ExportPackageFact(&packageFact{})
	}
}

// followFunc propagates what fi's variables hold through its body once,
// and what its results hold; it reports whether anything changed.
func (a *state) followFunc(fi *funcInfo) bool {
	info := a.pass.TypesInfo
	changed := false
	for range 8 {
		again := false
		set := func(lhs ast.Expr, t *taint) {
			if t.empty() {
				return
			}
			v := recognize.RootVar(info, lhs)
			if v == nil || !declaredIn(v, fi.decl) {
				return
			}
			if a.vars[v] == nil {
				a.vars[v] = new(taint)
			}
			if a.vars[v].merge(t) {
				again = true
			}
		}
		// assign gives each of lhs what its value holds: its own of rhs,
		// or the one call's (x, err := decode(data)).
		assign := func(lhs, rhs []ast.Expr) {
			for i, l := range lhs {
				switch {
				case len(lhs) == len(rhs):
					set(l, a.taintOf(fi, rhs[i], 0))
				case len(rhs) == 1:
					set(l, a.taintOf(fi, rhs[0], 0))
				}
			}
		}
		for c := range fi.body.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.RangeStmt)(nil), (*ast.CallExpr)(nil), (*ast.ReturnStmt)(nil)) {
			switch n := c.Node().(type) {
			case *ast.AssignStmt:
				if n.Tok == token.ASSIGN || n.Tok == token.DEFINE {
					assign(n.Lhs, n.Rhs)
				}
			case *ast.ValueSpec:
				names := make([]ast.Expr, len(n.Names))
				for i, name := range n.Names {
					names[i] = name
				}
				assign(names, n.Values)
			case *ast.RangeStmt:
				t := a.taintOf(fi, n.X, 0)
				if n.Key != nil {
					set(n.Key, t)
				}
				if n.Value != nil {
					set(n.Value, t)
				}
			case *ast.CallExpr:
				a.callOutputs(fi, n, set)
			case *ast.ReturnStmt:
				if recognize.InnermostFunc(c) != fi.decl {
					continue
				}
				for _, r := range n.Results {
					if t := a.taintOf(fi, r, 0); !t.empty() {
						if a.results[fi.fn] == nil {
							a.results[fi.fn] = new(taint)
						}
						if a.results[fi.fn].merge(t) {
							changed = true
						}
					}
				}
			}
		}
		if !again {
			break
		}
		changed = true
	}
	return changed
}

// callOutputs gives what a call's inputs hold of manifests to the
// variables it writes: decoding data into an object (yaml.Unmarshal(data,
// &u.Object), a deserializer's Decode(data, nil, obj),
// obj.UnmarshalJSON(data)) or a template's Execute(&buf, ...). Only inputs
// that are data (bytes, strings, readers, maps, decoders, templates), not
// objects, count: setting an owner reference or writing an object moves no
// manifest into the others.
func (a *state) callOutputs(fi *funcInfo, call *ast.CallExpr, set func(ast.Expr, *taint)) {
	info := a.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return
	}
	if _, ok := recognize.AsClientCall(info, call); ok {
		return
	}
	var recv ast.Expr
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
			recv = sel.X
		}
	}
	inputs := append([]ast.Expr{recv}, call.Args...)
	in := new(taint)
	for _, e := range inputs {
		if e == nil || isObjectValue(info.TypeOf(e)) {
			continue
		}
		in.merge(a.taintOf(fi, e, 0))
	}
	if in.empty() {
		return
	}
	for _, e := range inputs {
		// Only data and objects take what is decoded: not a reconciler
		// whose logger was given the data.
		if v := recognize.RootVar(info, e); e == nil || v == nil || !isData(v.Type()) && !isObjectValue(v.Type()) {
			continue
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				set(x.X, in)
			}
		case *ast.Ident, *ast.SelectorExpr:
			if t := info.TypeOf(x); t != nil && isReferenceType(t) {
				set(x, in)
			}
		}
	}
}

// isObjectValue reports whether a value of type t is an API object: of a
// kind, an unstructured object or an interface of objects.
func isObjectValue(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, isSlice := t.Underlying().(*types.Slice); isSlice {
		return false
	}
	return objkind.HoldsObjects(t) || objkind.Of(t) != "" && objkind.IsAPIObject(t)
}

// isData reports whether a parameter of type t may carry a manifest for
// its function to decode: a string, bytes, a slice of them, a map of
// values (an unstructured object's content), a reader, a file system or a
// template.
func isData(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok {
			return b.Kind() == types.Byte || b.Info()&types.IsString != 0
		}
		return isData(u.Elem())
	case *types.Map:
		return true
	}
	n := recognize.Named(recognize.Unpointer(t))
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "io.Reader", "io.ReadCloser", "io/fs.FS", "embed.FS", "bytes.Buffer", "bytes.Reader", "strings.Reader",
		"text/template.Template", "html/template.Template":
		return true
	}
	return false
}

// isReferenceType reports whether a callee can write through a value of
// type t: a pointer, a map or an interface.
func isReferenceType(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Interface:
		return true
	}
	return false
}

// declaredIn reports whether v is declared in decl (a parameter, result or
// local variable).
func declaredIn(v *types.Var, decl *ast.FuncDecl) bool {
	return decl.Pos() <= v.Pos() && v.Pos() < decl.End()
}

// taintOf returns what the value of e holds of embedded manifests.
func (a *state) taintOf(fi *funcInfo, e ast.Expr, depth int) *taint {
	if e == nil || depth > 8 {
		return nil
	}
	info := a.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return nil
		}
		if emb := a.embedded(v); emb != nil {
			return emb.all()
		}
		t := new(taint)
		if i, ok := fi.params[v]; ok && isData(v.Type()) {
			t.addParam(i)
		}
		t.merge(a.vars[v])
		return t
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok && !v.IsField() {
			if emb := a.embedded(v); emb != nil {
				return emb.all() // manifests.Deployment of another package
			}
			return nil
		}
		if s, ok := info.Selections[x]; ok && s.Kind() == types.FieldVal {
			return a.taintOf(fi, x.X, depth+1)
		}
	case *ast.StarExpr:
		return a.taintOf(fi, x.X, depth+1)
	case *ast.UnaryExpr:
		return a.taintOf(fi, x.X, depth+1)
	case *ast.IndexExpr:
		return a.taintOf(fi, x.X, depth+1)
	case *ast.SliceExpr:
		return a.taintOf(fi, x.X, depth+1)
	case *ast.TypeAssertExpr:
		return a.taintOf(fi, x.X, depth+1)
	case *ast.BinaryExpr:
		t := new(taint)
		t.merge(a.taintOf(fi, x.X, depth+1))
		t.merge(a.taintOf(fi, x.Y, depth+1))
		return t
	case *ast.CompositeLit:
		t := new(taint)
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			t.merge(a.taintOf(fi, elt, depth+1))
		}
		return t
	case *ast.CallExpr:
		return a.callTaint(fi, x, depth)
	}
	return nil
}

// callTaint returns what the result of call holds of embedded manifests:
// the file of an embed.FS it reads, when its name is known; what a
// function of the package (by its summary) or of another (by its fact)
// returns, with the arguments given for its parameters; else what its
// inputs hold.
func (a *state) callTaint(fi *funcInfo, call *ast.CallExpr, depth int) *taint {
	info := a.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return a.taintOf(fi, call.Args[0], depth+1) // []byte(s), string(b)
		}
		return nil
	}
	if _, ok := recognize.AsClientCall(info, call); ok {
		return nil
	}
	fn := recognize.Callee(info, call)
	if fn != nil {
		if t, ok := a.readFile(fi, fn, call, depth); ok {
			return t
		}
		fn = fn.Origin()
		var sum *taint
		if a.byFunc[fn] != nil {
			sum = a.results[fn]
			if sum == nil {
				return nil
			}
		} else if f := a.funcFacts.Of(fn); f != nil {
			sum = f.taint()
		}
		if sum != nil {
			t := new(taint)
			t.addGVKs(slices.Collect(maps.Keys(sum.gvks)))
			for p := range sum.params {
				if p < len(call.Args) {
					t.merge(a.taintOf(fi, call.Args[p], depth+1))
				}
			}
			for p, e := range sum.files {
				if p < len(call.Args) {
					t.merge(a.fileArg(fi, e, call.Args[p]))
				}
			}
			return t
		}
	}
	t := new(taint)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
			t.merge(a.taintOf(fi, sel.X, depth+1))
		}
	}
	for _, arg := range call.Args {
		t.merge(a.taintOf(fi, arg, depth+1))
	}
	return t
}

// readFile returns the manifests of the file an embed.FS's ReadFile or
// Open reads (fsys.ReadFile(name), fs.ReadFile(fsys, name)), when the FS is
// an embedding variable and the name a constant (or one of a few); else,
// with ok set, every file's.
func (a *state) readFile(fi *funcInfo, fn *types.Func, call *ast.CallExpr, depth int) (*taint, bool) {
	var fsys, name ast.Expr
	switch {
	case recognize.IsFunc(fn, "io/fs", "ReadFile") && len(call.Args) == 2:
		fsys, name = call.Args[0], call.Args[1]
	case (fn.Name() == "ReadFile" || fn.Name() == "Open") && len(call.Args) == 1 && recognize.IsNamedOrPointer(recognize.Receiver(fn), "embed", "FS"):
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		fsys, name = sel.X, call.Args[0]
	default:
		return nil, false
	}
	var emb *embeddedFact
	switch x := ast.Unparen(fsys).(type) {
	case *ast.Ident:
		v, _ := a.pass.TypesInfo.Uses[x].(*types.Var)
		emb = a.embedded(v)
	case *ast.SelectorExpr:
		v, _ := a.pass.TypesInfo.Uses[x.Sel].(*types.Var)
		emb = a.embedded(v)
	}
	if emb == nil {
		return a.taintOf(fi, fsys, depth+1), true
	}
	if id, ok := ast.Unparen(name).(*ast.Ident); ok {
		if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
			if p, isParam := fi.params[v]; isParam && len(a.values.Assignments(v)) == 0 {
				// Load(name string): each call's name says which file.
				t := new(taint)
				t.addFiles(p, emb)
				return t, true
			}
		}
	}
	return emb.named(a.values.ConstStrings(name)), true
}

// fileArg returns the manifests a callee reads from e, the file named by
// the argument arg: the named file's, when arg is constant, or, when arg
// is a parameter of fi, the same read for fi's callers.
func (a *state) fileArg(fi *funcInfo, e *embeddedFact, arg ast.Expr) *taint {
	if id, ok := ast.Unparen(arg).(*ast.Ident); ok {
		if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
			if p, isParam := fi.params[v]; isParam && len(a.values.Assignments(v)) == 0 {
				t := new(taint)
				t.addFiles(p, e)
				return t
			}
		}
	}
	return e.named(a.values.ConstStrings(arg))
}

// Kinds returns the kind keys of the manifests the local variable v
// holds: Kubernetes' own kinds, and custom resources whose API package the
// package reaches.
func (r *Result) Kinds(v *types.Var) []string {
	if r == nil || r.state == nil {
		return nil
	}
	a := r.state
	t := a.vars[v]
	if t == nil || len(t.gvks) == 0 {
		return nil
	}
	var out []string
	for g := range t.gvks {
		apiVersion, kind, _ := strings.Cut(g, " ")
		if k := objkind.Builtin(apiVersion, kind); k != "" {
			out = append(out, k)
		} else if k := a.customKind(apiVersion, kind); k != "" {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// customKind returns the kind key of a custom resource of apiVersion: the
// one type named kind of a package the analysed package reaches whose last
// path element is the version (api/v1) and whose GroupName constant, when
// it has one, is the group; or "".
func (a *state) customKind(apiVersion, kind string) string {
	m := a
	key := apiVersion + " " + kind
	if k, ok := m.custom[key]; ok {
		return k
	}
	if m.custom == nil {
		m.custom = make(map[string]string)
	}
	group, version, ok := strings.Cut(apiVersion, "/")
	if !ok || !token.IsIdentifier(kind) {
		m.custom[key] = ""
		return ""
	}
	if m.byName == nil {
		m.byName = make(map[string][]*types.Package)
		seen := make(map[*types.Package]bool)
		var walk func(p *types.Package)
		walk = func(p *types.Package) {
			if seen[p] {
				return
			}
			seen[p] = true
			path := p.Path()
			m.byName[path[strings.LastIndex(path, "/")+1:]] = append(m.byName[path[strings.LastIndex(path, "/")+1:]], p)
			for _, imp := range p.Imports() {
				walk(imp)
			}
		}
		walk(a.pass.Pkg)
	}
	found := ""
	for _, p := range m.byName[version] {
		tn, ok := p.Scope().Lookup(kind).(*types.TypeName)
		if !ok || !objkind.IsAPIObject(tn.Type()) {
			continue
		}
		if c, ok := p.Scope().Lookup("GroupName").(*types.Const); ok {
			if g, _ := strconv.Unquote(c.Val().ExactString()); g != group {
				continue
			}
		}
		if found != "" {
			found = "" // two candidates: not known
			break
		}
		found = p.Path() + "." + kind
	}
	m.custom[key] = found
	return found
}
