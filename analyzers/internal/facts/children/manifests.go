package children

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// This file follows the manifests a package embeds with //go:embed: the
// kinds its YAML files declare (apiVersion and kind of each document) are
// the kinds of the objects decoded from them, into unstructured objects or
// through a deserializer into runtime.Object, whatever the code does in
// between (reading a file of an embed.FS, a template, a reader, a decoder,
// a helper of the package or of another one). The flow is followed within
// each function, flow-insensitively, from what is read from an embedded
// variable to the local variables it reaches (assigned, or written by a
// call given it as input); a function's results carry what its returns
// carry, or what it is given in a parameter. The kinds then stand for
// those of the objects, as a static type would.

const (
	// maxManifestFiles bounds the files one embedding variable is read
	// for, and maxManifestSize the size of each.
	maxManifestFiles = 1000
	maxManifestSize  = 4 << 20
)

// embeddedFact is the fact of a package-level variable initialised by a
// //go:embed directive: the manifests of the files it holds.
type embeddedFact struct {
	// Files are sorted by name.
	Files []embeddedFile
}

// embeddedFile is one embedded file: its name as the embedding package's
// embed.FS names it (slash-separated, relative to the package's
// directory), and the "apiVersion Kind" of each of its documents, sorted.
type embeddedFile struct {
	Name string
	GVKs []string
}

// AFact implements analysis.Fact.
func (*embeddedFact) AFact() {}

func (e *embeddedFact) String() string {
	var b strings.Builder
	b.WriteString("embeds(")
	for i, f := range e.Files {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(f.Name + ":" + strings.Join(f.GVKs, ","))
	}
	b.WriteString(")")
	return b.String()
}

// all returns the manifests a read of a file of e not known holds: those
// of its one file. Of several files, which is read is not known, and none
// is claimed (an operator that embeds each component's manifests reads
// those of the component it reconciles).
func (e *embeddedFact) all() *taint {
	t := new(taint)
	if len(e.Files) == 1 {
		t.addGVKs(e.Files[0].GVKs)
	}
	return t
}

// manifestPackageFact is the fact of a package that embeds manifests or whose
// functions return what they hold: only its importers follow them.
type manifestPackageFact struct{}

// AFact implements analysis.Fact.
func (*manifestPackageFact) AFact() {}

func (*manifestPackageFact) String() string { return "manifests" }

// taint is what a value may hold of embedded manifests: their
// "apiVersion Kind", and the parameters of the function whose values it
// carries.
type taint struct {
	gvks   map[string]bool
	params map[int]bool
	// files are the embed.FS variables the function reads the file a
	// parameter names from: at each call, a constant name says which.
	files map[int]*embeddedFact
}

func (t *taint) addGVKs(gvks []string) bool {
	changed := false
	for _, g := range gvks {
		if !t.gvks[g] {
			if t.gvks == nil {
				t.gvks = make(map[string]bool)
			}
			t.gvks[g] = true
			changed = true
		}
	}
	return changed
}

func (t *taint) addParam(i int) bool {
	if t.params[i] {
		return false
	}
	if t.params == nil {
		t.params = make(map[int]bool)
	}
	t.params[i] = true
	return true
}

// merge adds o to t and reports whether t changed.
func (t *taint) merge(o *taint) bool {
	if o == nil {
		return false
	}
	changed := false
	for g := range o.gvks {
		changed = t.addGVKs([]string{g}) || changed
	}
	for p := range o.params {
		changed = t.addParam(p) || changed
	}
	for p, e := range o.files {
		changed = t.addFiles(p, e) || changed
	}
	return changed
}

// addFiles records that the file parameter p names is read from e.
func (t *taint) addFiles(p int, e *embeddedFact) bool {
	prev := t.files[p]
	if prev == e {
		return false
	}
	if t.files == nil {
		t.files = make(map[int]*embeddedFact)
	}
	if prev == nil {
		t.files[p] = e
		return true
	}
	merged := &embeddedFact{Files: slices.Clone(prev.Files)}
	for _, f := range e.Files {
		if !slices.ContainsFunc(merged.Files, func(g embeddedFile) bool { return g.Name == f.Name }) {
			merged.Files = append(merged.Files, f)
		}
	}
	if len(merged.Files) == len(prev.Files) {
		return false
	}
	slices.SortFunc(merged.Files, func(x, y embeddedFile) int { return strings.Compare(x.Name, y.Name) })
	t.files[p] = merged
	return true
}

// named returns the manifests of the files of e the constant names say,
// or of all of them.
func (e *embeddedFact) named(names []string, ok bool) *taint {
	if !ok {
		return e.all()
	}
	t := new(taint)
	for _, n := range names {
		n = strings.TrimPrefix(n, "./")
		for _, f := range e.Files {
			if f.Name == n {
				t.addGVKs(f.GVKs)
			}
		}
	}
	return t
}

func (t *taint) empty() bool {
	return t == nil || len(t.gvks) == 0 && len(t.params) == 0 && len(t.files) == 0
}

// manifestState is what a run knows of the package's embedded manifests.
type manifestState struct {
	// on reports that the package embeds manifests or imports a package
	// that does (or returns them): otherwise nothing is followed.
	on bool
	// embeds are the package's embedding variables.
	embeds map[*types.Var]*embeddedFact
	// imported caches the facts of other packages' embedding variables.
	imported map[*types.Var]*embeddedFact
	// custom caches the kinds of custom resources by "apiVersion Kind".
	custom map[string]string
	// byName indexes the packages the package reaches by their last path
	// element (an API version), built when a custom resource is resolved.
	byName map[string][]*types.Package
}

// findEmbeds reads the //go:embed directives of the package's variables
// and the manifests of the files they embed, exports their facts, and
// decides whether the package follows manifests at all.
func (a *state) findEmbeds() {
	m := &a.manifests
	m.embeds = make(map[*types.Var]*embeddedFact)
	for _, f := range a.pass.Files {
		tf := a.pass.Fset.File(f.Pos())
		if tf == nil {
			continue
		}
		dir := filepath.Dir(tf.Name())
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				doc := vs.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				patterns := embedPatterns(doc)
				if len(patterns) == 0 || len(vs.Names) != 1 {
					continue
				}
				v, ok := a.pass.TypesInfo.Defs[vs.Names[0]].(*types.Var)
				if !ok {
					continue
				}
				e := readEmbedded(dir, patterns)
				m.embeds[v] = e
				if len(e.Files) > 0 {
					a.pass.ExportObjectFact(v, e)
				}
			}
		}
	}
	m.on = len(m.embeds) > 0
	for _, imp := range a.pass.Pkg.Imports() {
		if m.on {
			break
		}
		m.on = a.pass.ImportPackageFact(imp, new(manifestPackageFact))
	}
}

// embedPatterns returns the patterns of the //go:embed lines of doc.
func embedPatterns(doc *ast.CommentGroup) []string {
	if doc == nil {
		return nil
	}
	var out []string
	for _, c := range doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//go:embed")
		if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
			continue
		}
		for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimSpace(rest) {
			var p string
			switch rest[0] {
			case '"', '`':
				end := strings.IndexByte(rest[1:], rest[0])
				if end < 0 {
					return out
				}
				q := rest[:end+2]
				p, _ = strconv.Unquote(q)
				rest = rest[len(q):]
			default:
				i := strings.IndexAny(rest, " \t")
				if i < 0 {
					i = len(rest)
				}
				p, rest = rest[:i], rest[i:]
			}
			if p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// readEmbedded reads the manifests of the files the patterns embed, relative
// to dir, as the go command resolves them: a directory embeds its files,
// recursively, but those whose names begin with '.' or '_' unless the
// pattern starts with "all:".
func readEmbedded(dir string, patterns []string) *embeddedFact {
	e := new(embeddedFact)
	seen := make(map[string]bool)
	addFile := func(path string) {
		rel, err := filepath.Rel(dir, path)
		if err != nil || seen[rel] || len(seen) >= maxManifestFiles {
			return
		}
		seen[rel] = true
		info, err := os.Stat(path)
		if err != nil || !info.Mode().IsRegular() || info.Size() > maxManifestSize {
			return
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return
		}
		if gvks := manifestGVKs(data); len(gvks) > 0 {
			e.Files = append(e.Files, embeddedFile{Name: filepath.ToSlash(rel), GVKs: gvks})
		}
	}
	for _, p := range patterns {
		p, all := strings.CutPrefix(p, "all:")
		matches, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(p)))
		for _, m := range matches {
			info, err := os.Stat(m)
			if err != nil {
				continue
			}
			if !info.IsDir() {
				addFile(m)
				continue
			}
			_ = filepath.WalkDir(m, func(path string, d fs.DirEntry, err error) error {
				if err != nil {
					return nil
				}
				if path != m && !all && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
					if d.IsDir() {
						return filepath.SkipDir
					}
					return nil
				}
				if !d.IsDir() {
					addFile(path)
				}
				return nil
			})
		}
	}
	slices.SortFunc(e.Files, func(x, y embeddedFile) int { return strings.Compare(x.Name, y.Name) })
	return e
}

// manifestGVKs returns the "apiVersion Kind" of each YAML document of data
// that names both at its top level as plain values (a template's document
// whose kind is an action is left out), sorted. Lists are left out: their
// items are what is created.
func manifestGVKs(data []byte) []string {
	var out []string
	var apiVersion, kind string
	flush := func() {
		if apiVersion != "" && kind != "" && kind != "List" && !strings.HasSuffix(kind, "List") {
			out = append(out, apiVersion+" "+kind)
		}
		apiVersion, kind = "", ""
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), maxManifestSize)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "---") {
			flush()
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok || key != "apiVersion" && key != "kind" {
			continue
		}
		if i := strings.Index(val, " #"); i >= 0 {
			val = val[:i]
		}
		val = strings.Trim(strings.TrimSpace(val), `"'`)
		if val == "" || strings.ContainsAny(val, "{}$ ") {
			continue
		}
		if key == "kind" {
			kind = val
		} else {
			apiVersion = val
		}
	}
	flush()
	slices.Sort(out)
	return slices.Compact(out)
}

// embedded returns the manifests of the package-level variable v, of this
// package or (by its fact) of another, or nil.
func (a *state) embedded(v *types.Var) *embeddedFact {
	if v == nil || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	if v.Pkg() == a.pass.Pkg {
		return a.manifests.embeds[v]
	}
	if e, ok := a.manifests.imported[v]; ok {
		return e
	}
	e := new(embeddedFact)
	if !a.pass.ImportObjectFact(v, e) {
		e = nil
	}
	if a.manifests.imported == nil {
		a.manifests.imported = make(map[*types.Var]*embeddedFact)
	}
	a.manifests.imported[v] = e
	return e
}

// followManifests computes, for every function of the package, what its
// local variables and its results hold of embedded manifests.
func (a *state) followManifests(infos []*funcInfo) {
	if !a.manifests.on {
		return
	}
	for _, fi := range infos {
		fi.taint = make(map[*types.Var]*taint)
		fi.params = make(map[*types.Var]int)
		for obj, i := range recognize.ParamIndexes(a.pass.TypesInfo, fi.decl.Type) {
			if v, ok := obj.(*types.Var); ok {
				fi.params[v] = i
			}
		}
	}
	fixpoint.Solve(infos, a.followFunc)
	carries := len(a.manifests.embeds) > 0
	for _, fi := range infos {
		if s := a.res.funcs[fi.fn]; !s.manifests.empty() {
			carries = true
		}
	}
	if carries {
		a.pass.ExportPackageFact(&manifestPackageFact{})
	}
}

// followFunc propagates what fi's variables hold through its body once,
// and updates its summary; it reports whether anything changed.
func (a *state) followFunc(fi *funcInfo) bool {
	info := a.pass.TypesInfo
	s := a.res.funcs[fi.fn]
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
			if fi.taint[v] == nil {
				fi.taint[v] = new(taint)
			}
			if fi.taint[v].merge(t) {
				again = true
			}
		}
		for c := range fi.body.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.RangeStmt)(nil), (*ast.CallExpr)(nil), (*ast.ReturnStmt)(nil)) {
			switch n := c.Node().(type) {
			case *ast.AssignStmt:
				if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
					continue
				}
				for i, lhs := range n.Lhs {
					switch {
					case len(n.Lhs) == len(n.Rhs):
						set(lhs, a.taintOf(fi, n.Rhs[i], 0))
					case len(n.Rhs) == 1:
						set(lhs, a.taintOf(fi, n.Rhs[0], 0))
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					switch {
					case len(n.Values) == len(n.Names):
						set(name, a.taintOf(fi, n.Values[i], 0))
					case len(n.Values) == 1:
						set(name, a.taintOf(fi, n.Values[0], 0))
					}
				}
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
				if !innermostIs(c, fi.decl) {
					continue
				}
				for _, r := range n.Results {
					if t := a.taintOf(fi, r, 0); !t.empty() {
						if s.manifests == nil {
							s.manifests = new(taint)
						}
						if s.manifests.merge(t) {
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
		t.merge(fi.taint[v])
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
		if s := a.res.funcs[fn]; s != nil && a.byFunc[fn] != nil {
			sum = s.manifests
			if sum == nil {
				return nil
			}
		} else if f := a.external(fn); f != nil && (len(f.Manifests) > 0 || len(f.ManifestParams) > 0 || len(f.ManifestFiles) > 0) {
			sum = new(taint)
			sum.addGVKs(f.Manifests)
			for _, p := range f.ManifestParams {
				sum.addParam(p)
			}
			for _, mf := range f.ManifestFiles {
				sum.addFiles(mf.Param, &embeddedFact{Files: mf.Files})
			}
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

// manifestKinds returns the kind keys of the manifests a variable of fi
// holds: Kubernetes' own kinds, and custom resources whose API package the
// package reaches.
func (a *state) manifestKinds(fi *funcInfo, v *types.Var) []string {
	if fi == nil {
		return nil
	}
	t := fi.taint[v]
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
	m := &a.manifests
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
