// Package gvk reads the kinds that code names with values rather than Go
// types: schema.GroupVersionKind values (a literal, a GroupVersion's
// WithKind, schema.FromAPIVersionAndKind, a variable that holds one) and
// the kinds code gives objects whose kind is set at run time
// (unstructured.Unstructured, metav1.PartialObjectMetadata and their
// lists: SetGroupVersionKind, SetKind with SetAPIVersion, a literal's
// "apiVersion" and "kind").
//
// Every rule and analysis that needs such a kind asks this package, so a
// shape one of them understands, all of them do. Kinds come from
// constants only: a kind read from data (a decoded manifest, a field of
// another object) is not known, and a value that may hold one of several
// GroupVersionKinds names all of them or, when one is not known, none.
package gvk

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// Named is a kind an expression names.
type Named struct {
	// Kind is the kind's name ("Deployment").
	Kind string
	// Group is the kind's API group when GroupKnown ("" is the core
	// group).
	Group      string
	GroupKnown bool
	// Version is the API version, "" when not known.
	Version string
	// Pkg is the package of the GroupVersion variable the kind was named
	// with (k8s.io/api/apps/v1 for appsv1.SchemeGroupVersion.WithKind), or
	// nil.
	Pkg *types.Package
}

// Key returns the kind's key ("import/path.Name", as objkind.Of names a
// type): the package of its GroupVersion variable when that package
// declares the kind's type or is one of k8s.io/api's, else a kind of
// Kubernetes' own groups by its group and version. It is "" when neither
// tells: the package of a custom resource's kind is not told by its group.
func (n Named) Key() string {
	if n.Pkg != nil {
		if _, isType := n.Pkg.Scope().Lookup(n.Kind).(*types.TypeName); isType || recognize.PathUnder(n.Pkg.Path(), recognize.PkgAPI) {
			return n.Pkg.Path() + "." + n.Kind
		}
		return ""
	}
	if !n.GroupKnown || n.Version == "" {
		return ""
	}
	return objkind.Builtin(n.APIVersion(), n.Kind)
}

// APIVersion returns the kind's apiVersion ("apps/v1", "v1"), or "" when
// its group or version is not known.
func (n Named) APIVersion() string {
	switch {
	case !n.GroupKnown || n.Version == "":
		return ""
	case n.Group == "":
		return n.Version
	}
	return n.Group + "/" + n.Version
}

// A Reader reads the kinds named in one package.
type Reader struct {
	Info *types.Info
	// Values are the assignments of the package's variables; with none,
	// only constants and literals are read.
	Values *values.Index
	// Callers makes a GroupVersionKind parameter of a function of the
	// package name what every call passes for it (deleteAll(gvk)); for
	// summaries that ask about one call, not the function alone.
	Callers bool
}

// maxDepth bounds how many variables and calls Of follows.
const maxDepth = 3

// Of returns the kinds a schema.GroupVersionKind expression names: every
// one of the values it may hold, or nil when one of them is not known.
func (r Reader) Of(e ast.Expr) []Named {
	return r.of(e, 0)
}

func (r Reader) of(e ast.Expr, depth int) []Named {
	if e == nil || depth > maxDepth {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := r.Info.Uses[x].(*types.Var); ok && !v.IsField() {
			return r.ofVar(v, depth)
		}
	case *ast.SelectorExpr:
		// otherpkg.DeploymentGVK, or a variable of the package.
		if v := recognize.PackageVar(r.Info, x); v != nil {
			return r.ofVar(v, depth)
		}
	case *ast.CompositeLit:
		if recognize.IsNamed(r.Info.TypeOf(x), recognize.PkgSchema, "GroupVersionKind") {
			f := litFields(x, "Group", "Version", "Kind")
			return r.inGroupVersion(f, r.consts(f["Kind"]))
		}
	case *ast.CallExpr:
		return r.ofCall(x)
	}
	return nil
}

// ofVar returns the kinds of the GroupVersionKind variable v: what it is
// assigned, ranged over or, with Callers, passed.
func (r Reader) ofVar(v *types.Var, depth int) []Named {
	if r.Values == nil {
		return nil
	}
	var out []Named
	all := func(es ...ast.Expr) bool {
		for _, e := range es {
			ns := r.of(e, depth+1)
			if len(ns) == 0 {
				return false // one kind not known: none is
			}
			out = append(out, ns...)
		}
		return true
	}
	if args, ok := r.Values.Arguments(v); ok && r.Callers {
		for _, arg := range args {
			if !all(arg.Expr) {
				return nil
			}
		}
	}
	for _, as := range r.Values.Assignments(v) {
		if rs, ok := as.Node.(*ast.RangeStmt); ok && rs.Value != nil && r.Values.Var(rs.Value) == v {
			// for _, gvk := range []schema.GroupVersionKind{...}
			lit, ok := ast.Unparen(rs.X).(*ast.CompositeLit)
			if !ok || !all(lit.Elts...) {
				return nil
			}
			continue
		}
		if !all(as.Single()) {
			return nil
		}
	}
	return out
}

// ofCall returns the kinds of a GroupVersionKind a call makes:
// schema.FromAPIVersionAndKind or a GroupVersion's WithKind.
func (r Reader) ofCall(x *ast.CallExpr) []Named {
	if recognize.IsFunc(recognize.Callee(r.Info, x), recognize.PkgSchema, "FromAPIVersionAndKind") && len(x.Args) == 2 {
		// schema.FromAPIVersionAndKind("apps/v1", "Deployment")
		vs, ks := r.consts(x.Args[0]), r.consts(x.Args[1])
		if len(vs) != 1 || len(ks) != 1 {
			return nil
		}
		n := Named{Kind: ks[0], GroupKnown: true}
		n.Group, n.Version = splitAPIVersion(vs[0])
		return []Named{n}
	}
	sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "WithKind" || len(x.Args) != 1 || !recognize.IsNamed(r.Info.TypeOf(sel.X), recognize.PkgSchema, "GroupVersion") {
		return nil
	}
	var out []Named
	for _, k := range r.consts(x.Args[0]) {
		out = append(out, r.InGroupVersion(sel.X, k))
	}
	return out
}

// InGroupVersion returns the kind of the given name in the group and
// version gv, an expression of type schema.GroupVersion, names: a literal
// gives them by its constants; appsv1.SchemeGroupVersion, or a kubebuilder
// API package's GroupVersion, by its package (Named.Pkg); a local variable
// given one of these once (gv := appsv1.SchemeGroupVersion), as that one.
// Of another expression (a parameter, a variable given several), the
// kind's name alone is known.
func (r Reader) InGroupVersion(gv ast.Expr, kind string) Named {
	return r.inGroupVersionOf(gv, kind, 0)
}

func (r Reader) inGroupVersionOf(gv ast.Expr, kind string, depth int) Named {
	switch x := ast.Unparen(gv).(type) {
	case *ast.CompositeLit:
		return r.inGroupVersion(litFields(x, "Group", "Version"), []string{kind})[0]
	case *ast.Ident:
		if v, ok := r.Info.Uses[x].(*types.Var); ok && isLocal(v) && depth < maxDepth {
			if e := r.Values.Sole(v); e != nil {
				return r.inGroupVersionOf(e, kind, depth+1)
			}
		}
	}
	n := Named{Kind: kind}
	if v := recognize.PackageVar(r.Info, gv); v != nil {
		n.Pkg = v.Pkg()
	}
	return n
}

// isLocal reports whether v is a function's variable (not a package's, a
// field or a parameter's caller-given value: Sole gives parameters none).
func isLocal(v *types.Var) bool {
	return !v.IsField() && v.Pkg() != nil && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
}

// inGroupVersion returns the kinds ks in the group and version of a
// literal's fields f (a GroupVersionKind's or a GroupVersion's). An
// omitted Group is the core group; a Group or Version that is not one
// constant is not known.
func (r Reader) inGroupVersion(f map[string]ast.Expr, ks []string) []Named {
	var n Named
	if g, ok := f["Group"]; !ok {
		n.GroupKnown = true
	} else if gs := r.consts(g); len(gs) == 1 {
		n.Group, n.GroupKnown = gs[0], true
	}
	if vs := r.consts(f["Version"]); len(vs) == 1 {
		n.Version = vs[0]
	}
	var out []Named
	for _, k := range ks {
		n.Kind = k
		out = append(out, n)
	}
	return out
}

// Objects returns, for each variable of root (a function's body, a file)
// that holds an object or list whose kind is set at run time, the kinds
// root gives it, in the order of the code: u.SetGroupVersionKind(gvk) (as
// Of reads gvk), u.SetKind(k) with the one apiVersion the variable is
// given (u.SetAPIVersion(v), or none: the kind alone), a literal's
// "apiVersion" and "kind" (u := &unstructured.Unstructured{Object:
// map[string]any{...}}), and the kind of a typed object whose content it
// is given (Object: m, or u.SetUnstructuredContent(m), with m made by
// runtime's ToUnstructured of it). A list's variable has its items' kinds: a
// "ConfigMapList" holds ConfigMaps.
func (r Reader) Objects(root ast.Node) map[*types.Var][]Named {
	if r.Values == nil {
		return nil
	}
	found := make(map[*types.Var]*given)
	at := func(v *types.Var) *given {
		if found[v] == nil {
			found[v] = new(given)
		}
		return found[v]
	}
	var stack []ast.Node
	ast.Inspect(root, func(node ast.Node) bool {
		if node == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, node)
		switch n := node.(type) {
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || len(n.Args) != 1 {
				break
			}
			v := r.Values.Var(sel.X)
			if v == nil || !recognize.KindSetAtRunTime(v.Type()) {
				break
			}
			r.setter(at(v), sel.Sel.Name, n.Args[0])
		case *ast.CompositeLit:
			t := r.Info.TypeOf(n)
			if !recognize.KindSetAtRunTime(t) || recognize.RunTimeList(t) {
				break
			}
			if v := r.holder(stack); v != nil {
				r.literal(at(v), n)
			}
		}
		return true
	})
	out := make(map[*types.Var][]Named, len(found))
	for v, g := range found {
		slices.Sort(g.versions)
		if vs := slices.Compact(g.versions); len(vs) == 1 {
			for _, i := range g.kinds {
				g.named[i].Group, g.named[i].Version = splitAPIVersion(vs[0])
				g.named[i].GroupKnown = true
			}
		}
		if recognize.RunTimeList(v.Type()) {
			for i := range g.named {
				g.named[i].Kind = strings.TrimSuffix(g.named[i].Kind, "List")
			}
		}
		if len(g.named) > 0 {
			out[v] = g.named
		}
	}
	return out
}

// given is what Objects finds a variable is given.
type given struct {
	named    []Named  // full GroupVersionKinds, and kinds
	kinds    []int    // indexes in named of kinds set alone
	versions []string // apiVersions set alone
}

// kind records a kind set alone.
func (g *given) kind(k string) {
	g.kinds = append(g.kinds, len(g.named))
	g.named = append(g.named, Named{Kind: k})
}

// setter records what a call of the object's method name with arg gives
// it: SetGroupVersionKind, SetAPIVersion, SetKind, SetUnstructuredContent.
func (r Reader) setter(g *given, name string, arg ast.Expr) {
	switch name {
	case "SetGroupVersionKind":
		g.named = append(g.named, r.Of(arg)...)
	case "SetAPIVersion":
		g.versions = append(g.versions, r.consts(arg)...)
	case "SetKind":
		for _, k := range r.consts(arg) {
			g.kind(k)
		}
	case "SetUnstructuredContent":
		if k, ok := r.converted(arg); ok {
			g.named = append(g.named, k)
		}
	}
}

// literal records what the literal n gives its variable: the kind of a
// typed object whose content is its Object, or its Object's "apiVersion"
// and "kind".
func (r Reader) literal(g *given, n *ast.CompositeLit) {
	if k, ok := r.converted(recognize.CompositeField(n, "Object")); ok {
		g.named = append(g.named, k)
		return
	}
	obj, _ := ast.Unparen(recognize.CompositeField(n, "Object")).(*ast.CompositeLit)
	if obj == nil {
		return
	}
	for _, e := range obj.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		switch key := r.consts(kv.Key); {
		case slices.Equal(key, []string{"apiVersion"}):
			g.versions = append(g.versions, r.consts(kv.Value)...)
		case slices.Equal(key, []string{"kind"}):
			for _, k := range r.consts(kv.Value) {
				g.kind(k)
			}
		}
	}
}

// converted returns the kind of the typed object whose content e holds:
// the map runtime's ToUnstructured (DefaultUnstructuredConverter's) made of
// an object of a known type, directly or through a variable given it once
// (m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(rev);
// u := &unstructured.Unstructured{Object: m}).
func (r Reader) converted(e ast.Expr) (Named, bool) {
	if e == nil {
		return Named{}, false
	}
	if r.Values != nil {
		if v := r.Values.Var(e); v != nil {
			as := r.Values.Assignments(v)
			if len(as) != 1 || as[0].Value == nil {
				return Named{}, false
			}
			e = as[0].Value
		}
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return Named{}, false
	}
	fn := recognize.Callee(r.Info, call)
	if fn == nil || fn.Name() != "ToUnstructured" || fn.Pkg() == nil || fn.Pkg().Path() != "k8s.io/apimachinery/pkg/runtime" {
		return Named{}, false
	}
	t := recognize.Unpointer(r.Info.TypeOf(call.Args[0]))
	n := recognize.Named(t)
	if n == nil || !recognize.IsObjectStruct(t) {
		return Named{}, false
	}
	return Named{Kind: n.Obj().Name(), Pkg: n.Obj().Pkg()}, true
}

// holder returns the variable the innermost node of stack is assigned to
// as a whole (u := &unstructured.Unstructured{...}), or nil.
func (r Reader) holder(stack []ast.Node) *types.Var {
	i := len(stack) - 1
	n := stack[i]
	if i > 0 {
		if u, ok := stack[i-1].(*ast.UnaryExpr); ok && u.Op == token.AND {
			n, i = u, i-1
		}
	}
	for i > 0 {
		if p, ok := stack[i-1].(*ast.ParenExpr); ok {
			n, i = p, i-1
			continue
		}
		break
	}
	if i == 0 {
		return nil
	}
	switch x := stack[i-1].(type) {
	case *ast.AssignStmt:
		if j := slices.Index(x.Rhs, n.(ast.Expr)); j >= 0 && len(x.Lhs) == len(x.Rhs) {
			return r.Values.Var(x.Lhs[j])
		}
	case *ast.ValueSpec:
		if j := slices.Index(x.Values, n.(ast.Expr)); j >= 0 && len(x.Names) == len(x.Values) {
			return r.Values.Var(x.Names[j])
		}
	}
	return nil
}

// consts returns the constant strings e may be: a constant, or, with
// Values, a variable or local function that yields one of a few.
func (r Reader) consts(e ast.Expr) []string {
	if e == nil {
		return nil
	}
	if r.Values != nil {
		vs, _ := r.Values.ConstStrings(e)
		return vs
	}
	if tv, ok := r.Info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return []string{constant.StringVal(tv.Value)}
	}
	return nil
}

// splitAPIVersion splits "group/version" ("v1": the core group).
func splitAPIVersion(apiVersion string) (group, version string) {
	if g, v, ok := strings.Cut(apiVersion, "/"); ok {
		return g, v
	}
	return "", apiVersion
}

// litFields returns the values of the named keyed fields of a struct
// literal (or of the positional ones, in the order given).
func litFields(lit *ast.CompositeLit, names ...string) map[string]ast.Expr {
	out := make(map[string]ast.Expr)
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				out[id.Name] = kv.Value
			}
		} else if i < len(names) {
			out[names[i]] = elt
		}
	}
	return out
}
