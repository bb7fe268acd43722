package finalizersrbac

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/constbool"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/refreach"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/clients"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/gvk"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/rbac"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/setting"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

//go:embed doc.go
var doc string

// settings are the rule's settings, the flags of its analyzer.
type settings struct {
	Roles *setting.Paths `setting:"roles" help:"files or directories (relative to the module root) that hold the RBAC roles the controller is deployed with, when they are not in its repository"`
}

// config holds the settings' values.
var config = settings{Roles: setting.NewPaths()}

// Rule describes the finalizersrbac rule.
var Rule = &lint.Rule{
	Name:       "finalizersrbac",
	Doc:        doc,
	Default:    true,
	Since:      "unreleased",
	Severity:   lint.Error,
	Origin:     "OpenShift (kubebuilder#1688, crossplane#1400): blockOwnerDeletion set without update on the owner's finalizers, rejected where OwnerReferencesPermissionEnforcement is on",
	Fix:        "adds the missing +kubebuilder:rbac marker after the file's RBAC markers",
	Categories: []string{categoryMissing, categoryNotSeen},
	Settings:   &config,
	Requires:   []*analysis.Analyzer{constbool.Analyzer, refreach.Analyzer, groupkind.Analyzer, children.Analyzer},
	FactTypes:  []analysis.Fact{new(wraps)},
	Run:        run,
	Inputs:     rbac.Fingerprint,
}

// Analyzer reports owner references blocking owner deletion without the
// RBAC permission the API server requires for them.
var Analyzer = lint.New(Rule)

// Categories of the rule's diagnostics.
const (
	// categoryMissing: a blocking owner reference to an owner whose
	// finalizers the controller may not update.
	categoryMissing = "missing-finalizers-grant"
	// categoryNotSeen: the rule cannot see the roles the controller is
	// deployed with, so it checks nothing.
	categoryNotSeen = "roles-not-seen"
)

// owner is what the rule knows of the owner an owner reference names: its
// resource, as RBAC names it.
type owner struct {
	rbac.Resource
	// marked reports a plural from a +kubebuilder:resource:path marker.
	marked bool
}

// site is an owner reference that blocks its owner's deletion.
type site struct {
	node ast.Node
	what string // the call or literal that sets blockOwnerDeletion
	// owners are the kinds the owner may be: one, or those a wrapper type
	// stands for.
	owners []owner
	// via is the helper of another function that sets the reference,
	// when node is its call, or nil; kept reports a constructor that keeps
	// the owner for a method of what it returns to set it.
	via  *types.Func
	kept bool
	// unknown is the owner when its kind is not known here (a value of
	// interface type kept in a field, returned by a call): owners is then
	// empty.
	unknown ast.Expr
}

type checker struct {
	pass   *analysis.Pass
	groups *groupkind.Index // the API groups and resource names of kinds
	vals   *recognize.BoolValues
	alias  map[string]string // see aliases
	values *values.Index     // the package's assignments
	// kids is the operator model's children: which functions set blocking
	// references to an owner they are handed (children.BlockingOwner).
	kids *children.Result
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{pass: pass, groups: groupkind.Of(pass), vals: constbool.New(pass)}
	ins := inspection.Of(pass)
	if ins == nil {
		return nil, nil
	}
	c.values = ins.Values
	c.kids, _ = pass.ResultOf[children.Analyzer].(*children.Result)
	c.findWrappers(ins)
	if slices.ContainsFunc(strings.Split(pass.Pkg.Path(), "/"), recognize.TestSupport) {
		return nil, nil // a test package's references never reach a cluster
	}
	refs := c.refs(ins)
	remote := func(e ast.Expr) bool { return clients.Remote(pass.TypesInfo, ins.Values, e) }
	flow := refreach.Of(pass)
	var sites []site
	for _, r := range refs {
		if s, ok := c.site(r.node); ok && (s.unknown == nil || !c.fromParam(r.cur, s.unknown)) && flow.Reaches(r.cur) && !recognize.WrittenOnlyElsewhere(pass.TypesInfo, r.cur, remote) {
			// A reference only compared, or set on an object built only
			// to compute something (a status, a diff), never reaches the
			// API server, and one written only
			// through another cluster's client reaches another API
			// server: no permission of this operator's is needed.
			sites = append(sites, s)
		}
	}
	// An owner of unknown kind needs a grant the rule cannot name: it
	// is checked only against roles that grant no finalizers at all.
	var unknown []site
	sites = slices.DeleteFunc(sites, func(s site) bool {
		if s.unknown != nil {
			unknown = append(unknown, s)
		}
		return s.unknown != nil
	})
	if len(sites) == 0 && len(unknown) == 0 {
		return nil, nil
	}
	rules, last := rbac.Markers(ins.Files)
	seen, dir := new(rbac.Manifests), ""
	if tf := pass.Fset.File(pass.Files[0].Package); tf != nil {
		dir = filepath.Dir(tf.Name())
		seen = rbac.Of(dir, config.Roles.Values())
	}
	if len(rules) == 0 && !seen.Seen() {
		if len(sites) > 0 {
			c.reportNotSeen(sites)
		}
		return nil, nil
	}
	c.reportGrants(sites, rules, seen, dir, last)
	if len(unknown) > 0 && !slices.ContainsFunc(rules, rbac.Rule.GrantsSomeFinalizers) && !seen.GrantsSomeFinalizers() {
		c.reportUnknown(unknown)
	}
	return nil, nil
}

// refNode is a node of the package's non-test code that may make an owner
// reference (a call or a literal), with the cursor at it and the function
// declaration around it.
type refNode struct {
	node ast.Node
	cur  inspector.Cursor
	fn   *ast.FuncDecl
}

// refs returns the nodes of the package's non-test code that may make an
// owner reference, but for the calls in functions that set
// blockOwnerDeletion themselves after a helper did (to false, or through
// a helper of their own): the rule cannot tell what is left there.
func (c *checker) refs(ins *inspection.Package) []refNode {
	var refs []refNode
	resets := make(map[*ast.FuncDecl]bool)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		if recognize.InTestFile(c.pass.Fset, cur.Node().Pos()) {
			continue // test fixtures never reach an API server
		}
		r := refNode{node: cur.Node(), cur: cur}
		for fd := range cur.Enclosing((*ast.FuncDecl)(nil)) {
			r.fn = fd.Node().(*ast.FuncDecl)
			break
		}
		if recognize.ResetsBlockOwnerDeletion(c.pass.TypesInfo, c.vals, r.node) {
			resets[r.fn] = true
		}
		if _, ok := r.node.(*ast.AssignStmt); !ok {
			refs = append(refs, r)
		}
	}
	return slices.DeleteFunc(refs, func(r refNode) bool {
		_, call := r.node.(*ast.CallExpr)
		return call && r.fn != nil && resets[r.fn]
	})
}

// reportGrants reports each grant of finalizers the roles lack, once, at
// its first site.
func (c *checker) reportGrants(sites []site, rules []rbac.Rule, seen *rbac.Manifests, dir string, last map[*ast.File]*ast.Comment) {
	type grant struct{ group, plural string }
	var order []grant
	missing := make(map[grant][]site)
	owners := make(map[grant]owner)
	wheres := make(map[grant]rbac.Gap)
	for _, s := range sites {
		for _, o := range s.owners {
			if !o.marked && o.Grouped {
				if p, ok := seen.Plural(o.Group, o.Kind); ok {
					o.Plural = p // the CRD's own name for it
				} else if p, ok := seen.RolePlural(o.Resource, rules); ok {
					o.Plural = p // the roles' name for it
				}
			}
			lacks, where := seen.Missing(o.Resource, rules, dir)
			if !lacks {
				continue
			}
			if !o.Grouped {
				if g := seen.GroupNaming(rules, o.Resource); g != "" {
					o.Group, o.Grouped = g, true
				}
			}
			g := grant{o.Group, o.Plural}
			if !o.Grouped {
				g.group = "?"
			}
			if _, ok := missing[g]; !ok {
				order = append(order, g)
				owners[g] = o
				wheres[g] = where
			}
			missing[g] = append(missing[g], s)
		}
	}
	for _, g := range order {
		c.reportMissing(owners[g], missing[g], wheres[g], last)
	}
}

// reportMissing reports the sites of blocking references to o, whose
// finalizers the controller may not update: once, at the first, with the
// others as related positions.
func (c *checker) reportMissing(o owner, sites []site, where rbac.Gap, last map[*ast.File]*ast.Comment) {
	pass := c.pass
	first := sites[0]
	group := o.Group
	if group == "" {
		group = "core"
	}
	var fix, grant string
	apiGroup := fmt.Sprintf("%q", o.Group)
	if !o.Grouped {
		apiGroup = "the API group of " + o.Kind
	}
	switch {
	case where.Names:
		// A role of the manifests lacks it: that is where it goes.
		grant = fmt.Sprintf("the roles under %s grant %s but not %s/finalizers; add a rule there: apiGroups [%s], resources [%s/finalizers], verbs [update]",
			where.Dirs[0], o.Plural, o.Plural, apiGroup, o.Plural)
	case len(where.Dirs) > 0:
		grant = fmt.Sprintf("no role grants it; add a rule to the controller's roles under %s: apiGroups [%s], resources [%s/finalizers], verbs [update]",
			lint.Series(where.Dirs, "or"), apiGroup, o.Plural)
	case o.Grouped:
		fix = fmt.Sprintf("// +kubebuilder:rbac:groups=%s,resources=%s/finalizers,verbs=update", group, o.Plural)
		grant = "add " + fix
	default:
		// No marker to write without the group: say what to grant.
		grant = fmt.Sprintf("grant update on %s/finalizers in the API group of %s", o.Plural, o.Kind)
	}
	var opts []lint.Option
	for _, s := range sites {
		if m := last[recognize.FileOf(pass.Files, s.node.Pos())]; m != nil && fix != "" {
			// Beside the other RBAC markers of the first file with
			// some, at their indentation.
			indent := strings.Repeat("\t", pass.Fset.Position(m.Pos()).Column-1)
			opts = append(opts, lint.Fix("Add "+fix, analysis.TextEdit{Pos: m.End(), End: m.End(), NewText: []byte("\n" + indent + fix)}))
			break
		}
	}
	if first.via != nil {
		opts = append(opts, viaRelated(first))
	}
	for _, s := range sites[1:] {
		opts = append(opts, lint.Related(s.node, s.what+" sets blockOwnerDeletion on a reference to "+lint.WithArticle(o.Kind)+" here too"))
	}
	lint.Report(pass, first.node, categoryMissing, fmt.Sprintf(
		"%s sets blockOwnerDeletion on a reference to %s, which the API server rejects (where OwnerReferencesPermissionEnforcement is on, as on OpenShift; envtest does not enable it) unless the controller may update %s/finalizers: %s",
		first.what, lint.WithArticle(o.Kind), o.Plural, grant), opts...)
}

// reportUnknown reports the blocking references to owners of unknown kind
// when no role grants update on any finalizers, so that the API server
// rejects them whatever their owners are: once, at the first, with the
// others as related positions.
func (c *checker) reportUnknown(sites []site) {
	var opts []lint.Option
	for _, s := range sites[1:] {
		opts = append(opts, lint.Related(s.node, s.what+" sets blockOwnerDeletion on a reference to "+types.ExprString(s.unknown)+" here too"))
	}
	first := sites[0]
	if first.via != nil {
		opts = append(opts, viaRelated(first))
	}
	owner := types.ExprString(first.unknown)
	lint.Report(c.pass, first.node, categoryMissing, fmt.Sprintf(
		"%s sets blockOwnerDeletion on a reference to %s, whose kind is not known here, and no role or RBAC marker this rule reads grants update on any finalizers, so the API server rejects it whatever %s is (where OwnerReferencesPermissionEnforcement is on, as on OpenShift; envtest does not enable it): grant update on the finalizers of each kind %s can be, or do not block its deletion (controllerutil.WithBlockOwnerDeletion(false), or BlockOwnerDeletion set to false)",
		first.what, owner, owner, owner), opts...)
}

// reportNotSeen says, once for the package, that the rule cannot check its
// blocking owner references: no RBAC marker in the package, and no role
// in the manifests it reads.
func (c *checker) reportNotSeen(sites []site) {
	where := "in no Role or ClusterRole manifest of its repository"
	if len(config.Roles.Values()) > 0 {
		where = "in no Role or ClusterRole under " + strings.Join(config.Roles.Values(), ", ") + " (the roles setting)"
	}
	n := "the owner reference here that blocks"
	if len(sites) > 1 {
		n = fmt.Sprintf("the %d owner references of this package that block", len(sites))
	}
	lint.Report(c.pass, sites[0].node, categoryNotSeen, fmt.Sprintf(
		"finalizersrbac cannot see the RBAC roles this controller is deployed with (no +kubebuilder:rbac marker in this package, and %s), so it does not check %s owner deletion: where OwnerReferencesPermissionEnforcement is on (OpenShift), the controller needs update on each owner's finalizers; set finalizersrbac.roles to the files or directories of the deployed roles",
		where, n))
}

// site returns the owner reference blocking owner deletion that n builds
// or sets, when its owner is known.
func (c *checker) site(n ast.Node) (site, bool) {
	info := c.pass.TypesInfo
	if lit, ok := n.(*ast.CompositeLit); ok {
		ref, ok := recognize.AsOwnerRefLit(info, lit, c.vals)
		if !ok || ref.BlockOwnerDeletion != recognize.True {
			return site{}, false
		}
		if ref.Keyed && !hasKey(lit, "UID") && !hasKey(lit, "Name") {
			// Without the owner's name and UID the API server accepts it
			// on no object: an expectation to compare with (a test
			// framework's table), not a reference anyone sets.
			return site{}, false
		}
		s := site{node: lit, what: "the OwnerReference literal"}
		if o, ok := c.ownerOfLit(lit); ok {
			s.owners = []owner{o}
			return s, true
		}
		// No constant kind: the owner is the object whose name and UID
		// the reference carries, when its type says its kind.
		if n := ownerKind(info.TypeOf(holder(ref.Name))); n != nil {
			s.owners = c.ownersOfType(n)
			return s, len(s.owners) > 0
		}
		return c.unknownOwner(s, holder(ref.Name))
	}
	call := n.(*ast.CallExpr)
	b, ok := c.blocking(call)
	if !ok {
		return site{}, false
	}
	s := site{node: call, what: b.what, via: b.via, kept: b.kept}
	if n := ownerKind(info.TypeOf(holder(b.owner))); n != nil {
		s.owners = c.ownersOfType(n)
		return s, len(s.owners) > 0
	}
	if b.gvk != nil {
		// The owner's static type does not say; its GroupVersionKind may.
		o, ok := c.ownerOfGVK(b.gvk)
		s.owners = []owner{o}
		return s, ok
	}
	return c.unknownOwner(s, b.owner)
}

// unknownOwner returns s with an owner of unknown kind, e.
func (c *checker) unknownOwner(s site, e ast.Expr) (site, bool) {
	if e == nil {
		return site{}, false
	}
	s.unknown = e
	return s, true
}

// fromParam reports whether e is a parameter of a function around cur, or
// is drawn from one (p.Owner, p.GetOwner(), owners[i]).
func (c *checker) fromParam(cur inspector.Cursor, e ast.Expr) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			e = sel.X // p.GetOwner()
		}
	}
	v := recognize.RootVar(c.pass.TypesInfo, e)
	if v == nil {
		return false
	}
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var params *ast.FieldList
		switch fn := fn.Node().(type) {
		case *ast.FuncDecl:
			params = fn.Type.Params
		case *ast.FuncLit:
			params = fn.Type.Params
		}
		if params.Pos() <= v.Pos() && v.Pos() < params.End() {
			return true
		}
	}
	return false
}

// ownersOfType returns the owners an owner of type n stands for: its
// kind, or the kinds a project's wrapper of their metadata wraps (its
// constructors'), none when n is clearly a wrapper of unknown kinds.
func (c *checker) ownersOfType(n *types.Named) []owner {
	if isWrapper(n) {
		var out []owner
		for _, k := range c.wrapped(n) {
			out = append(out, c.ownerOfType(k))
		}
		if len(out) > 0 || holdsMetaPointer(n) {
			return out
		}
	}
	return []owner{c.ownerOfType(n)}
}

// blockingCall is a call that sets an owner reference blocking owner
// deletion.
type blockingCall struct {
	what  string      // the function called
	owner ast.Expr    // the owner argument
	gvk   ast.Expr    // metav1.NewControllerRef's GroupVersionKind argument, or nil
	via   *types.Func // the helper called, when it is one (children.BlockingOwner)
	kept  bool        // via keeps the owner for a method of what it returns
}

// blocking reports whether call sets an owner reference blocking owner
// deletion, and which argument is the owner.
func (c *checker) blocking(call *ast.CallExpr) (blockingCall, bool) {
	info := c.pass.TypesInfo
	key := recognize.CallKey(info, call) // also ctrl.SetControllerReference, a variable
	if k, ok := c.aliases()[key]; ok {
		key = k // var setControllerReference = controllerutil.SetControllerReference
	}
	is := func(path, name string) bool { return recognize.KeyIs(key, path, name) }
	arg := -1 // the owner argument
	var via *types.Func
	kept := false
	switch {
	case is(recognize.PkgControllerutil, "SetControllerReference"):
		if t, _ := recognize.BlockOptions(info, c.vals, call.Args[min(3, len(call.Args)):]); t != recognize.True && t != recognize.Absent {
			return blockingCall{}, false
		}
		arg = 0
	case is(recognize.PkgControllerutil, "SetOwnerReference"):
		if t, _ := recognize.BlockOptions(info, c.vals, call.Args[min(3, len(call.Args)):]); t != recognize.True {
			return blockingCall{}, false
		}
		arg = 0
	case is(recognize.PkgMetaV1, "NewControllerRef"),
		is(recognize.PkgRuntimeOwnership, "NewControllerRef"),
		is(recognize.PkgRuntimeOwnership, "SetControllerReference"):
		arg = 0
	case is(recognize.PkgRuntimeOwnership, "EnsureChild"):
		arg = 2
	default:
		// A helper that sets a blocking reference to an owner it is
		// handed, of a type that does not say its kind (client.Object, a
		// type parameter): the owner is the argument, of its kind here.
		// A helper whose parameter names the kind is a site itself.
		if fn := recognize.Callee(info, call); fn != nil {
			if o, ok := c.kids.BlockingOwner(fn); ok && ownerKind(paramType(fn, o.Param)) == nil {
				if o.Flag > 0 && (o.Flag > len(call.Args) || c.vals.Bool(call.Args[o.Flag-1]) != recognize.True) {
					return blockingCall{}, false // ref(owner, false): it does not block
				}
				arg, via, kept = o.Param, fn.Origin(), o.Kept
			}
		}
	}
	if arg < 0 || arg >= len(call.Args) || recognize.IsNil(info, call.Args[arg]) {
		// No owner argument, or nil: a helper given no owner (an
		// optional one) sets no reference with it.
		return blockingCall{}, false
	}
	b := blockingCall{what: key[strings.LastIndexByte(key, '.')+1:], owner: call.Args[arg], via: via, kept: kept}
	if kept {
		b.what += "'s result"
	}
	if is(recognize.PkgMetaV1, "NewControllerRef") && len(call.Args) == 2 {
		b.gvk = call.Args[1]
	}
	return b, true
}

// viaRelated is the related position of the helper s calls.
func viaRelated(s site) lint.Option {
	if s.kept {
		return lint.RelatedPos(s.via.Pos(), s.via.Name()+" keeps its owner argument for a method of what it returns, which sets blockOwnerDeletion on a reference to it")
	}
	return lint.RelatedPos(s.via.Pos(), s.via.Name()+" sets blockOwnerDeletion on a reference to its owner argument")
}

// aliases returns the package's variables initialized with a function
// (var setOwner = controllerutil.SetControllerReference), by CallKey, with
// the key of that function.
func (c *checker) aliases() map[string]string {
	if c.alias != nil {
		return c.alias
	}
	c.alias = make(map[string]string)
	info := c.pass.TypesInfo
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i >= len(vs.Values) {
						break
					}
					var id *ast.Ident
					switch x := ast.Unparen(vs.Values[i]).(type) {
					case *ast.Ident:
						id = x
					case *ast.SelectorExpr:
						id = x.Sel
					}
					if fn, ok := info.Uses[id].(*types.Func); ok && id != nil {
						if v, ok := info.Defs[name].(*types.Var); ok {
							c.alias[c.pass.Pkg.Path()+"."+v.Name()] = recognize.FuncKey(fn)
						}
					}
				}
			}
		}
	}
	return c.alias
}

// paramType returns the type of fn's i-th parameter, or nil.
func paramType(fn *types.Func, i int) types.Type {
	params := fn.Type().(*types.Signature).Params()
	if i < 0 || i >= params.Len() {
		return nil
	}
	return params.At(i).Type()
}

// ownerOfType describes an owner of type n.
func (c *checker) ownerOfType(n *types.Named) owner {
	return c.ownerOf(n.Obj().Name(), n.Obj().Pkg())
}

// ownerOf describes an owner of the given kind, declared in the API
// package pkg (nil when not known): its group and resource name are those
// the model knows for the kinds of pkg (groupkind).
func (c *checker) ownerOf(kind string, pkg *types.Package) owner {
	o := owner{Resource: rbac.Resource{Kind: kind, Plural: rbac.Plural(kind)}}
	if pkg == nil {
		return o
	}
	o.Group, o.Grouped = c.groups.PackageGroup(pkg)
	if p, ok := c.groups.Resource(pkg.Path() + "." + kind); ok {
		o.Plural, o.marked = p, true
	}
	return o
}

// ownerOfGVK describes the owner a GroupVersionKind expression names, when
// it names one kind (gvk.Reader.Of): pkg.GroupVersion.WithKind("Kind") of
// an API package's variable, whose package gives the group; a literal, or
// schema.FromAPIVersionAndKind, whose constants do.
func (c *checker) ownerOfGVK(e ast.Expr) (owner, bool) {
	named := gvk.Reader{Info: c.pass.TypesInfo, Values: c.values}.Of(e)
	if len(named) != 1 {
		return owner{}, false
	}
	return c.ownerOfNamed(named[0]), true
}

// ownerOfNamed describes the owner of a kind named by value: in the API
// package of its GroupVersion variable, or in the group its constants give.
func (c *checker) ownerOfNamed(n gvk.Named) owner {
	if n.Pkg != nil {
		return c.ownerOf(n.Kind, n.Pkg)
	}
	o := c.ownerOf(n.Kind, nil)
	o.Group, o.Grouped = n.Group, n.GroupKnown
	return o
}

// ownerOfGVKVar describes the owner that e, the Kind field of a
// package variable of the package (gvk.Kind), names when the variable's
// only value is a GroupVersionKind ownerOfGVK knows (issuerGVK =
// cmapi.SchemeGroupVersion.WithKind("Issuer"), or a literal).
func (c *checker) ownerOfGVKVar(e ast.Expr) (owner, bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Kind" {
		return owner{}, false
	}
	v := recognize.PackageVar(c.pass.TypesInfo, sel.X)
	if v == nil || v.Pkg() != c.pass.Pkg {
		return owner{}, false
	}
	return c.ownerOfGVK(sel.X)
}

// typedKind returns the owner type of a Kind read from the owner itself
// (cr.Kind, cr.TypeMeta.Kind), or nil.
func typedKind(info *types.Info, e ast.Expr) *types.Named {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Kind" {
		return nil
	}
	x := ast.Unparen(sel.X)
	if tm, ok := x.(*ast.SelectorExpr); ok && tm.Sel.Name == "TypeMeta" {
		x = tm.X
	}
	n := ownerKind(info.TypeOf(x))
	if n == nil {
		return nil
	}
	// An object (its Kind from an embedded TypeMeta), not a
	// GroupVersionKind or another struct with a Kind field.
	st := n.Underlying().(*types.Struct)
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() && recognize.IsNamed(f.Type(), recognize.PkgMetaV1, "TypeMeta") {
			return n
		}
	}
	return nil
}

// ownerOfLit describes the owner an OwnerReference literal names: its
// constant Kind, in the group of its APIVersion (a constant "group/version"
// or gv.String() of a schema.GroupVersion gvk.Reader.InGroupVersion knows).
func (c *checker) ownerOfLit(lit *ast.CompositeLit) (owner, bool) {
	info := c.pass.TypesInfo
	var kind string
	var apiVersion ast.Expr
	for i, elt := range lit.Elts {
		name, value := "", elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				name, value = id.Name, kv.Value
			}
		} else if i < 2 {
			name = [...]string{"APIVersion", "Kind"}[i]
		}
		switch name {
		case "Kind":
			var ok bool
			if kind, ok = stringConst(info, value); !ok {
				if n := typedKind(info, value); n != nil {
					// Kind: cr.Kind, of an owner whose type is known.
					return c.ownerOfType(n), true
				}
				if o, ok := c.ownerOfGVKVar(value); ok {
					// Kind: issuerGVK.Kind, a package variable's.
					return o, true
				}
			}
		case "APIVersion":
			apiVersion = value
		}
	}
	if kind == "" {
		return owner{}, false
	}
	if apiVersion == nil {
		return c.ownerOf(kind, nil), true
	}
	if av, ok := stringConst(info, apiVersion); ok {
		o := c.ownerOf(kind, nil)
		o.Group, o.Grouped = "", true // "v1": the core group
		if g, _, ok := strings.Cut(av, "/"); ok {
			o.Group = g
		}
		return o, true
	}
	if call, ok := ast.Unparen(apiVersion).(*ast.CallExpr); ok && len(call.Args) == 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "String" &&
			recognize.IsNamed(info.TypeOf(sel.X), recognize.PkgSchema, "GroupVersion") {
			return c.ownerOfNamed(gvk.Reader{Info: info, Values: c.values}.InGroupVersion(sel.X, kind)), true
		}
	}
	return c.ownerOf(kind, nil), true
}

// ownerKind returns the named struct type of an owner, or nil when the
// static type does not say (an interface such as client.Object).
func ownerKind(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	if pkg := n.Obj().Pkg(); pkg != nil && pkg.Path() == recognize.PkgMetaV1 {
		return nil // ObjectMeta: an object's metadata, of no kind of its own
	}
	return n
}

// holder returns the object whose metadata e is, or whose name or UID it
// reads: obj for obj.ObjectMeta, &obj.ObjectMeta, obj.GetObjectMeta(),
// obj.GetName(), obj.Name, obj.ObjectMeta.UID; else e.
func holder(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && slices.Contains([]string{"GetName", "GetUID", "GetObjectMeta"}, sel.Sel.Name) {
			e = ast.Unparen(sel.X)
		}
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok || !slices.Contains([]string{"Name", "UID", "ObjectMeta"}, sel.Sel.Name) {
			return e
		}
		e = ast.Unparen(sel.X)
	}
}

// hasKey reports whether the keyed composite literal lit sets field.
func hasKey(lit *ast.CompositeLit, field string) bool {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				return true
			}
		}
	}
	return false
}

// Roles returns the paths of the roles setting: where the roles the
// controller is deployed with are, when they are not in its repository.
// The graph reads them too.
func Roles() []string { return config.Roles.Values() }
