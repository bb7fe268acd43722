package manifests

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

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

// packageFact is the fact of a package that embeds manifests or whose
// functions return what they hold: only its importers follow them.
type packageFact struct{}

// AFact implements analysis.Fact.
func (*packageFact) AFact() {}

func (*packageFact) String() string { return "manifests" }

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

// findEmbeds reads the //go:embed directives of the package's variables
// and the manifests of the files they embed, exports their facts, and
// decides whether the package follows manifests at all.
func (a *state) findEmbeds() {
	m := a
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
		m.on = a.pass.ImportPackageFact(imp, new(packageFact))
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
		return a.embeds[v]
	}
	return a.importedEmbeds.Of(v)
}
