// Package groupkind gives the object types of Go packages their Kubernetes
// identity, schema.GroupKind, so that rules compare kinds the way the API
// server does: a child created through one API version's Go type and
// watched through another version's type of the same group and kind is
// one kind, and two types of the same name in two groups are two.
//
// A package's group is read from what its authors declare for the scheme:
// a GroupVersion or SchemeGroupVersion variable (schema.GroupVersion{Group:
// ...}, as kubebuilder writes it), a +groupName marker, or a GroupName
// constant (as k8s.io/api declares it); see Declared. Packages of other
// modules are known by package facts. A package that declares none of them
// has no known group, and its kinds stay keyed by Go type: never a guess.
//
// A kind's resource name, as RBAC rules and the API's paths spell it, is
// the one its +kubebuilder:resource:path marker gives (Resource), else the
// one controller-gen derives from the kind (rbac.Plural).
package groupkind

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Analyzer exports a groupFact for each package that declares its API
// group; its result is an *Index.
var Analyzer = &analysis.Analyzer{
	Name:       "groupkind",
	Doc:        "resolve the API group of packages that declare Kubernetes object types (internal to deletionlint)",
	Run:        run,
	FactTypes:  []analysis.Fact{new(groupFact)},
	ResultType: reflect.TypeFor[*Index](),
	// Sound on packages with type errors: a declaration that does not
	// type-check gives no group.
	RunDespiteErrors: true,
}

// groupFact records the API group (and version, when declared or named by
// the package path) of a package, which of its kinds are cluster-scoped,
// and the resource names its markers give them. A package with resource
// markers that declares no group has a fact with NoGroup set, for its
// resource names alone.
type groupFact struct {
	Group, Version string
	NoGroup        bool
	// ClusterScoped are the type names whose declarations carry the
	// +kubebuilder:resource:scope=Cluster or +genclient:nonNamespaced
	// marker, sorted: the package's other kinds are namespaced.
	ClusterScoped []string
	// Resources maps a type name to the resource name its
	// +kubebuilder:resource:path marker gives it.
	Resources map[string]string
}

// AFact implements analysis.Fact.
func (*groupFact) AFact() {}

func (f *groupFact) String() string {
	s := "group(" + f.Group + "/" + f.Version + ")"
	if f.NoGroup {
		s = "nogroup"
	}
	if len(f.ClusterScoped) > 0 {
		s += " cluster(" + strings.Join(f.ClusterScoped, ",") + ")"
	}
	if len(f.Resources) > 0 {
		var rs []string
		for _, name := range slices.Sorted(maps.Keys(f.Resources)) {
			rs = append(rs, name+"="+f.Resources[name])
		}
		s += " resources(" + strings.Join(rs, ",") + ")"
	}
	return s
}

// A GroupKind is a Kubernetes object kind: its API group ("" for the core
// group) and its kind name, as schema.GroupKind.
type GroupKind struct {
	Group, Kind string
}

// String formats gk as schema.GroupKind does: "Kind.group", or "Kind" in
// the core group.
func (gk GroupKind) String() string {
	if gk.Group == "" {
		return gk.Kind
	}
	return gk.Kind + "." + gk.Group
}

// Index knows the groups of the analysed package and of the packages it
// depends on.
type Index struct {
	groups map[string]groupFact // by package path
	// declared holds the packages whose group their code declares (facts,
	// and the analysed package), as opposed to a GroupName constant read
	// from export data: their fact says which kinds are cluster-scoped.
	declared map[string]bool
	// resources holds, by package path, the resource names markers give
	// the package's kinds.
	resources map[string]map[string]string
}

// Of returns the Index of pass's package; pass's analyzer must require
// Analyzer. A nil Index knows no group.
func Of(pass *analysis.Pass) *Index {
	ix, _ := pass.ResultOf[Analyzer].(*Index)
	return ix
}

// GroupKind returns the GroupKind of kind, a kind key "import/path.Name"
// (children.Kind), and whether the group of its package is known.
func (ix *Index) GroupKind(kind string) (GroupKind, bool) {
	i := strings.LastIndex(kind, ".")
	if ix == nil || i < 0 {
		return GroupKind{}, false
	}
	g, ok := ix.groups[kind[:i]]
	if !ok {
		return GroupKind{}, false
	}
	return GroupKind{Group: g.Group, Kind: kind[i+1:]}, true
}

// Key returns what kind compares by: its GroupKind's string when the group
// is known, else kind itself. Two kind keys name the same kind exactly when
// their Keys are equal.
func (ix *Index) Key(kind string) string {
	if gk, ok := ix.GroupKind(kind); ok {
		// A leading "/" keeps a GroupKind apart from a Go type key,
		// which is an import path.
		return "/" + gk.String()
	}
	return kind
}

// PackageGroup returns the API group of the kinds of pkg: the one its code
// declares (the analysed package, or another by its fact), else its
// GroupName constant, read from export data too (a package no fact
// reached, as k8s.io/api's are).
func (ix *Index) PackageGroup(pkg *types.Package) (string, bool) {
	if pkg == nil {
		return "", false
	}
	if ix != nil {
		if g, ok := ix.groups[pkg.Path()]; ok {
			return g.Group, true
		}
	}
	return GroupConst(pkg)
}

// Resource returns the resource name that a +kubebuilder:resource:path
// marker gives kind, a kind key "import/path.Name", in the code analysed
// here or, by a fact, in another package; false when none does (the name
// is then the one controller-gen derives from the kind).
func (ix *Index) Resource(kind string) (string, bool) {
	i := strings.LastIndex(kind, ".")
	if ix == nil || i < 0 {
		return "", false
	}
	r, ok := ix.resources[kind[:i]][kind[i+1:]]
	return r, ok
}

// CrossScope reports whether an object of kind child is cluster-scoped and
// one of kind owner namespaced, both known: the garbage collector cannot
// resolve such an owner reference (the dependent is never collected
// through it), and a watch of the child cannot map it back to its owner.
func (ix *Index) CrossScope(child, owner string) bool {
	childCluster, childKnown := ix.Scope(child)
	ownerCluster, ownerKnown := ix.Scope(owner)
	return childKnown && ownerKnown && childCluster && !ownerCluster
}

// Scope reports whether objects of kind (a kind key) are cluster-scoped,
// and whether that is known: for a kind of k8s.io/api, always; for a kind of
// a package whose group is declared in code analysed here, by its markers
// (a kind without the cluster marker is namespaced); else not.
func (ix *Index) Scope(kind string) (clusterScoped, known bool) {
	i := strings.LastIndex(kind, ".")
	if i < 0 {
		return false, false
	}
	path, name := kind[:i], kind[i+1:]
	if recognize.PathUnder(path, recognize.PkgAPI) {
		return builtinClusterScoped[name], true
	}
	if ix == nil {
		return false, false
	}
	if !ix.declared[path] {
		return false, false
	}
	return slices.Contains(ix.groups[path].ClusterScoped, name), true
}

// builtinClusterScoped are the kinds of k8s.io/api that are not namespaced.
var builtinClusterScoped = map[string]bool{
	"Namespace": true, "Node": true, "PersistentVolume": true, "ComponentStatus": true,
	"ClusterRole": true, "ClusterRoleBinding": true,
	"StorageClass": true, "VolumeAttachment": true, "CSIDriver": true, "CSINode": true,
	"PriorityClass": true, "RuntimeClass": true, "IngressClass": true,
	"ValidatingWebhookConfiguration": true, "MutatingWebhookConfiguration": true,
	"ValidatingAdmissionPolicy": true, "ValidatingAdmissionPolicyBinding": true,
	"CertificateSigningRequest": true, "FlowSchema": true, "PriorityLevelConfiguration": true,
	"CustomResourceDefinition": true, "APIService": true, "TokenReview": true,
	"SelfSubjectAccessReview": true, "SubjectAccessReview": true, "SelfSubjectRulesReview": true,
}

// Keys returns the set of the Keys of kinds.
func (ix *Index) Keys(kinds map[string]bool) map[string]bool {
	out := make(map[string]bool, len(kinds))
	for k, v := range kinds {
		if v {
			out[ix.Key(k)] = true
		}
	}
	return out
}

func run(pass *analysis.Pass) (any, error) {
	ix := &Index{groups: make(map[string]groupFact), declared: make(map[string]bool), resources: make(map[string]map[string]string)}
	add := func(path string, f groupFact) {
		if len(f.Resources) > 0 {
			ix.resources[path] = f.Resources
		}
		if !f.NoGroup {
			ix.groups[path] = f
			ix.declared[path] = true
		}
	}
	for _, pf := range pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*groupFact); ok {
			add(pf.Package.Path(), *f)
		}
	}
	f, ok := declared(pass)
	if ok {
		f.ClusterScoped = clusterScoped(pass.Files)
	}
	f.NoGroup = !ok
	f.Resources = resourcePaths(pass.Fset, pass.Files)
	if ok || len(f.Resources) > 0 {
		pass.ExportPackageFact(&f)
		add(pass.Pkg.Path(), f)
	}
	// Imported packages the driver gave no fact for (a dependency loaded
	// from export data, as k8s.io/api's are): their GroupName constant.
	seen := make(map[*types.Package]bool)
	var visit func(pkgs []*types.Package)
	visit = func(pkgs []*types.Package) {
		for _, p := range pkgs {
			if seen[p] {
				continue
			}
			seen[p] = true
			if _, ok := ix.groups[p.Path()]; !ok {
				if g, ok := GroupConst(p); ok {
					ix.groups[p.Path()] = groupFact{Group: g, Version: versionOf(p.Path(), "")}
				}
			}
			visit(p.Imports())
		}
	}
	visit(pass.Pkg.Imports())
	return ix, nil
}

// versionOf returns v, or else the last element of path when it names an
// API version (k8s.io/api/apps/v1), or "".
func versionOf(path, v string) string {
	if v == "" {
		if elem := path[strings.LastIndex(path, "/")+1:]; versionElem.MatchString(elem) {
			return elem
		}
	}
	return v
}

// versionElem matches a path element that names an API version.
var versionElem = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]+)?$`)

func declared(pass *analysis.Pass) (groupFact, bool) {
	g, v, ok := Declared(pass.Pkg, pass.Files, pass.TypesInfo)
	if !ok {
		return groupFact{}, false
	}
	return groupFact{Group: g, Version: versionOf(pass.Pkg.Path(), v)}, true
}

// Declared returns the API group (and version, when the literal gives it)
// that a package declares for its kinds, in order of precedence: an
// exported package-level schema.GroupVersion variable initialised with a
// literal (kubebuilder's GroupVersion, the older SchemeGroupVersion: what
// the scheme registers the kinds under, so what the client sends; an
// omitted Group is the core group), a +groupName marker above a file's
// package clause, an unexported such variable, a GroupName constant. An
// unexported GroupVersion is the package's own business: OpenShift's
// route/v1 keeps a legacyGroupVersion of the core group beside its
// exported GroupVersion, whose group is route.openshift.io.
func Declared(pkg *types.Package, files []*ast.File, info *types.Info) (group, version string, ok bool) {
	marked, markedOK := "", false
	hidden, hiddenVersion, hiddenOK := "", "", false
	for _, f := range files {
		if g, ok := marker(f); ok && !markedOK {
			marked, markedOK = g, true
		}
		for _, d := range f.Decls {
			gd, isGen := d.(*ast.GenDecl)
			if !isGen || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					obj := info.Defs[name]
					if obj == nil || i >= len(vs.Values) || !recognize.IsNamed(obj.Type(), recognize.PkgSchema, "GroupVersion") {
						continue
					}
					lit, isLit := ast.Unparen(vs.Values[i]).(*ast.CompositeLit)
					if !isLit {
						continue
					}
					g, gok := stringField(info, lit, "Group", 0, true)
					v, _ := stringField(info, lit, "Version", 1, false)
					switch {
					case gok && name.IsExported():
						return g, v, true
					case gok && !hiddenOK:
						hidden, hiddenVersion, hiddenOK = g, v, true
					}
				}
			}
		}
	}
	if markedOK {
		return marked, "", true
	}
	if hiddenOK {
		return hidden, hiddenVersion, true
	}
	g, ok := GroupConst(pkg)
	return g, "", ok
}

// GroupConst returns the value of pkg's GroupName constant, which
// k8s.io/api's packages and some operators' API packages declare; it is
// read from export data too.
func GroupConst(pkg *types.Package) (string, bool) {
	c, ok := pkg.Scope().Lookup("GroupName").(*types.Const)
	if !ok || c.Val().Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Val()), true
}

// stringField returns the constant string value of field name of lit,
// given by key or at position index; when the field is absent, "" and
// omitted.
func stringField(info *types.Info, lit *ast.CompositeLit, name string, index int, omitted bool) (string, bool) {
	for i, elt := range lit.Elts {
		x := elt
		if kv, isKV := elt.(*ast.KeyValueExpr); isKV {
			if id, isID := kv.Key.(*ast.Ident); !isID || id.Name != name {
				continue
			}
			x = kv.Value
		} else if i != index {
			continue
		}
		if tv, ok := info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value), true
		}
		return "", false
	}
	return "", omitted
}

// clusterScoped returns, sorted, the names of the types declared in files
// whose doc comments mark them cluster-scoped: kubebuilder's
// +kubebuilder:resource:scope=Cluster or client-gen's
// +genclient:nonNamespaced.
func clusterScoped(files []*ast.File) []string {
	var out []string
	for _, f := range files {
		prev, next := f.Name.End(), 0 // the end of the declaration before; the first comment not yet passed
		for _, d := range f.Decls {
			// Markers sit in the comments between the previous
			// declaration and this one, in the doc comment or in a group
			// of their own above it (// +genclient, a blank line, then
			// the doc). Comments and declarations are in source order.
			above := false
			for ; next < len(f.Comments) && f.Comments[next].Pos() < d.Pos(); next++ {
				if cg := f.Comments[next]; cg.Pos() > prev && marksCluster(cg) {
					above = true
				}
			}
			gd, ok := d.(*ast.GenDecl)
			if ok && gd.Tok == token.TYPE {
				for _, spec := range gd.Specs {
					ts := spec.(*ast.TypeSpec)
					if marksCluster(ts.Doc) || above && len(gd.Specs) == 1 {
						out = append(out, ts.Name.Name)
					}
				}
			}
			prev = d.End()
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// marksCluster reports whether doc holds a marker that makes its type
// cluster-scoped.
func marksCluster(doc *ast.CommentGroup) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
		if text == "+genclient:nonNamespaced" {
			return true
		}
		if v, ok := resourceArg(c.Text, "scope"); ok && v == "Cluster" {
			return true
		}
	}
	return false
}

// resourceArg returns the value of the argument key of a
// // +kubebuilder:resource: marker (scope=Cluster, path=widgets).
func resourceArg(text, key string) (string, bool) {
	text, ok := strings.CutPrefix(text, "//")
	if !ok {
		return "", false
	}
	body, ok := strings.CutPrefix(strings.TrimSpace(text), "+kubebuilder:resource:")
	if !ok {
		return "", false
	}
	for _, arg := range strings.Split(body, ",") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(arg), key+"="); ok {
			return strings.Trim(v, `"`), true
		}
	}
	return "", false
}

// marker returns the value of a +groupName marker in the comments above a
// file's package clause.
func marker(f *ast.File) (string, bool) {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			text, ok := strings.CutPrefix(c.Text, "//")
			if !ok {
				continue
			}
			if v, ok := strings.CutPrefix(strings.TrimSpace(text), "+groupName="); ok {
				return strings.Trim(strings.TrimSpace(v), `"`), true
			}
		}
	}
	return "", false
}

// resourcePaths returns the resource names that the
// +kubebuilder:resource:path markers of the files' type declarations give
// their types, by type name.
func resourcePaths(fset *token.FileSet, files []*ast.File) map[string]string {
	var out map[string]string
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, c := range typeMarkers(fset, f, gd) {
				path, ok := resourceArg(c.Text, "path")
				if !ok || path == "" {
					continue
				}
				for _, s := range gd.Specs {
					if out == nil {
						out = make(map[string]string)
					}
					out[s.(*ast.TypeSpec).Name.Name] = path
				}
			}
		}
	}
	return out
}

// typeMarkers returns the comments controller-gen reads markers of a type
// declaration from: its doc comment and the comment group just above it,
// separated by one blank line.
func typeMarkers(fset *token.FileSet, f *ast.File, gd *ast.GenDecl) []*ast.Comment {
	var out []*ast.Comment
	top := gd.Pos()
	if gd.Doc != nil {
		out = append(out, gd.Doc.List...)
		top = gd.Doc.Pos()
	}
	// The comment group just before top, found by binary search.
	i := sort.Search(len(f.Comments), func(i int) bool { return f.Comments[i].End() >= top }) - 1
	if i >= 0 && fset.Position(f.Comments[i].End()).Line == fset.Position(top).Line-2 {
		out = append(out, f.Comments[i].List...)
	}
	return out
}
