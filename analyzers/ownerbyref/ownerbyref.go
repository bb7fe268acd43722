package ownerbyref

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/setting"
)

//go:embed doc.go
var doc string

// settings are the rule's settings, the flags of its analyzer.
type settings struct {
	OwnerKinds *setting.Names `setting:"owner-kinds" help:"owner types (import/path.Type) that own every kind reconciled in the analysed code, besides the owners known from the code and Cluster API's Cluster"`
}

// config holds the settings' values.
var config = settings{OwnerKinds: setting.NewNames()}

// Rule describes the ownerbyref rule.
var Rule = &lint.Rule{
	Name:       "ownerbyref",
	Doc:        doc,
	Default:    true,
	Since:      "v0.1.0",
	Severity:   lint.Error,
	Origin:     "Cluster API providers (CAPT): the owning Cluster looked up by name instead of through ownerReferences, so its deletion is never noticed",
	Helpers:    []string{"ownership.GetOwner"},
	Categories: []string{categoryGet, categoryList, categoryClusterAPI},
	Settings:   &config,
	Requires:   []*analysis.Analyzer{builders.Analyzer, groupkind.Analyzer},
	FactTypes:  []analysis.Fact{new(ownersFact), new(byNameFact)},
	Run:        run,
}

// Analyzer reports lookups of an object's owner by a name instead of
// through its owner references.
var Analyzer = lint.New(Rule)

// Categories of the diagnostics, one per sub-check.
const (
	categoryGet        = "get"
	categoryList       = "list"
	categoryClusterAPI = "clusterapi"
)

// ownersFact marks a function that establishes owner relations, and lists
// them as "owner>child" pairs of qualified type names (import/path.Type),
// sorted: the controller and owner references it sets, and the Owns of the
// controller builders it starts. Named lists, in the same form, the pairs
// whose child it names after the owner (Name: owner.Name) as it sets the
// reference: the child's own name is its owner's by construction.
type ownersFact struct {
	Pairs []string
	Named []string
}

// AFact implements analysis.Fact.
func (*ownersFact) AFact() {}

func (f *ownersFact) String() string {
	named := ""
	if len(f.Named) > 0 {
		named = "; named " + strings.Join(f.Named, ", ")
	}
	return "owners(" + strings.Join(f.Pairs, ", ") + named + ")"
}

type checker struct {
	pass  *analysis.Pass
	ins   *inspection.Package
	decls map[*types.Func]*ast.FuncDecl
	order []*types.Func // decls' functions in source order
	// owners maps a child kind key to its owner kind keys; named holds
	// those of them that name the child after themselves (see ownersFact).
	owners map[string]map[string]bool
	named  map[string]map[string]bool
	// kinds gives the keys kinds compare by: their GroupKinds where the
	// group is known, so that two API versions' types of one kind are one.
	kinds *groupkind.Index
	// consulted holds the type keys whose owner references the package
	// reads; consultedAny is set when it reads them through an interface.
	// consults are the places the package reads owner references.
	consults []consult
	reported map[token.Pos]bool
	// pending are the package's lookups by name of kinds not known here
	// to own the reconciled kind; carried and carriedNamed the owner
	// pairs (of kind keys) its imports' facts bring (see byNameFact).
	pending               []byNameLookup
	carried, carriedNamed []string
	// finalizers caches holdsFinalizer.
	finalizers map[*reconciler]bool
}

func run(pass *analysis.Pass) (any, error) {
	if !imports(pass.Pkg, recognize.PkgClient) {
		return nil, nil // no client, no lookups and no controller builders
	}
	ins := inspection.Of(pass)
	if ins == nil {
		return nil, nil
	}
	c := &checker{
		pass:       pass,
		ins:        ins,
		decls:      make(map[*types.Func]*ast.FuncDecl),
		owners:     make(map[string]map[string]bool),
		named:      make(map[string]map[string]bool),
		reported:   make(map[token.Pos]bool),
		finalizers: make(map[*reconciler]bool),
		kinds:      groupkind.Of(pass),
	}
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && fd.Body != nil {
			c.decls[fn] = fd
			c.order = append(c.order, fn)
		}
	}
	chains := builders.Of(pass)
	pairs, named := c.localOwners(chains)
	ownPairs, ownNamed := make(map[string]bool), make(map[string]bool)
	for fn, ps := range pairs {
		f := &ownersFact{Pairs: slices.Sorted(maps.Keys(ps)), Named: slices.Sorted(maps.Keys(named[fn]))}
		pass.ExportObjectFact(fn, f)
		c.addFact(f)
		c.keyPairs(ownPairs, f.Pairs)
		c.keyPairs(ownNamed, f.Named)
	}
	for _, of := range pass.AllObjectFacts() {
		if f, ok := of.Fact.(*ownersFact); ok && of.Object.Pkg() != pass.Pkg {
			c.addFact(f)
		}
	}
	lookups := c.importSiblings()
	c.findConsults()
	for _, r := range c.reconcilers(chains) {
		c.check(r)
	}
	c.reportSiblings(lookups, ownPairs, ownNamed)
	return nil, nil
}

// imports reports whether pkg imports path, directly or transitively.
func imports(pkg *types.Package, path string) bool {
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		if recognize.PathIs(p.Path(), path) {
			return true
		}
		return slices.ContainsFunc(p.Imports(), visit)
	}
	return visit(pkg)
}

// addFact records the owner relations of f.
func (c *checker) addFact(f *ownersFact) {
	for _, p := range f.Pairs {
		c.addPair(c.owners, p)
	}
	for _, p := range f.Named {
		c.addPair(c.named, p)
	}
}

// addPair records the owner>child pair p in m, unless the child is
// cluster-scoped and the owner namespaced: no owner reference between
// them resolves, so a name (as a PersistentVolume's claimRef) is the only
// link there can be, whatever Owns or reference the code states.
func (c *checker) addPair(m map[string]map[string]bool, p string) {
	if k, ok := c.keyPair(p); ok {
		c.addKeyPair(m, k)
	}
}

// keyPair returns the owner>child pair of types p as a pair of kind keys,
// or false for a pair across scopes (see addPair).
func (c *checker) keyPair(p string) (string, bool) {
	owner, child, ok := strings.Cut(p, ">")
	if !ok || c.kinds.CrossScope(child, owner) {
		return "", false
	}
	return c.kinds.Key(owner) + ">" + c.kinds.Key(child), true
}

// keyPairs adds to m the owner>child pairs of types ps as pairs of kind
// keys, as addPair records them.
func (c *checker) keyPairs(m map[string]bool, ps []string) {
	for _, p := range ps {
		if k, ok := c.keyPair(p); ok {
			m[k] = true
		}
	}
}

// localOwners returns the owner>child pairs the package establishes, by
// the function that establishes them, and those of them whose child the
// function names after its owner.
func (c *checker) localOwners(chains []*builders.Chain) (out, named map[*types.Func]map[string]bool) {
	info := c.pass.TypesInfo
	o := &ownerPairs{c: c, out: make(map[*types.Func]map[string]bool), named: make(map[*types.Func]map[string]bool)}
	for _, ch := range chains {
		if ch.For == nil {
			continue
		}
		owner := builders.ObjectArg(info, ch.For)
		for _, own := range ch.Method(info, "Owns") {
			o.add(ch.Start.Pos(), owner, builders.ObjectArg(info, own))
		}
	}
	for cur := range c.ins.Root().Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, lhs := range as.Lhs {
			if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "OwnerReferences" {
				base := sel.X
				if inner, ok := ast.Unparen(base).(*ast.SelectorExpr); ok && inner.Sel.Name == "ObjectMeta" {
					base = inner.X
				}
				o.refOwners(as.Rhs[i], info.TypeOf(base))
			}
		}
	}
	for cur := range c.ins.Root().Preorder((*ast.CallExpr)(nil)) {
		o.call(cur.Node().(*ast.CallExpr))
	}
	return o.out, o.named
}

// ownerPairs collects the owner>child pairs of a package (see localOwners).
type ownerPairs struct {
	c          *checker
	out, named map[*types.Func]map[string]bool
}

// add records that the function around at makes owner own child, and
// returns that function (nil when not known) and the pair.
func (o *ownerPairs) add(at token.Pos, owner, child types.Type) (*types.Func, string) {
	ow, ch := recognize.TypeKey(owner), recognize.TypeKey(child)
	// ow == ch is kept: a kind that owns its own kind (a tree of nodes)
	// changes what its other owners are (see owns).
	if ow == "" || ch == "" || isInterface(owner) || isInterface(child) {
		return nil, ""
	}
	fn := o.c.enclosingFunc(at)
	if fn != nil {
		mark(o.out, fn, ow+">"+ch)
	}
	return fn, ow + ">" + ch
}

func mark(m map[*types.Func]map[string]bool, fn *types.Func, p string) {
	if m[fn] == nil {
		m[fn] = make(map[string]bool)
	}
	m[fn][p] = true
}

// refOwners records the owners of the references e builds for child:
// child.OwnerReferences = append(..., *metav1.NewControllerRef(owner, gvk))
// and child.SetOwnerReferences(...) with such a reference.
func (o *ownerPairs) refOwners(e ast.Expr, child types.Type) {
	info := o.c.pass.TypesInfo
	ast.Inspect(e, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		key := recognize.CallKey(info, call)
		if recognize.KeyIs(key, recognize.PkgMetaV1, "NewControllerRef") || recognize.KeyIs(key, recognize.PkgRuntimeOwnership, "NewControllerRef") {
			o.add(call.Pos(), info.TypeOf(call.Args[0]), child)
		}
		return true
	})
}

// call records the owners call sets: SetOwnerReferences with references
// built for them, controllerutil's and the runtime's reference setters
// (and whether the child is named after the owner), EnsureChild.
func (o *ownerPairs) call(call *ast.CallExpr) {
	info := o.c.pass.TypesInfo
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetOwnerReferences" && len(call.Args) == 1 {
		o.refOwners(call.Args[0], info.TypeOf(sel.X))
	}
	key := recognize.CallKey(info, call)
	switch {
	case recognize.KeyIs(key, recognize.PkgControllerutil, "SetControllerReference"),
		recognize.KeyIs(key, recognize.PkgControllerutil, "SetOwnerReference"),
		recognize.KeyIs(key, recognize.PkgRuntimeOwnership, "SetControllerReference"):
		if len(call.Args) >= 2 {
			fn, p := o.add(call.Pos(), info.TypeOf(call.Args[0]), info.TypeOf(call.Args[1]))
			if fn != nil && o.c.namesAfter(o.c.decls[fn], call.Args[0], call.Args[1]) {
				mark(o.named, fn, p)
			}
		}
	case recognize.KeyIs(key, recognize.PkgRuntimeOwnership, "EnsureChild"):
		if len(call.Args) >= 4 {
			o.add(call.Pos(), info.TypeOf(call.Args[2]), info.TypeOf(call.Args[3]))
		}
	}
}

// key returns the key the kind of t compares by (groupkind.Index.Key of its
// type key), or "".
func (c *checker) key(t types.Type) string {
	k := recognize.TypeKey(t)
	if k == "" {
		return ""
	}
	return c.kinds.Key(k)
}

// enclosingFunc returns the function declared around pos, or nil.
func (c *checker) enclosingFunc(pos token.Pos) *types.Func {
	for fn, fd := range c.decls {
		if fd.Pos() <= pos && pos < fd.End() {
			return fn
		}
	}
	return nil
}

func isInterface(t types.Type) bool {
	if t == nil {
		return true
	}
	_, ok := recognize.Unpointer(t).Underlying().(*types.Interface)
	return ok
}

// A consult is a place where code reads an object's owner references to
// find its owner.
type consult struct {
	fn  *types.Func // the function it is in
	pos token.Pos
	key string // the kind whose owner references are read; "" for any
	// finds reports a call that finds the owner (util.GetOwnerCluster,
	// metav1.GetControllerOf, an owner getter), rather than a read of the
	// references, which may only check whether one is set (adoption).
	finds bool
}

// findConsults records where the package reads owner references:
// GetOwnerReferences, the OwnerReferences field, metav1.GetControllerOf and
// IsControlledBy, Cluster API's GetOwnerCluster and GetOwnerMachine, the
// runtime's ownership.GetOwner, and owner getters of other packages.
func (c *checker) findConsults() {
	info := c.pass.TypesInfo
	subject := func(at ast.Node, e ast.Expr) {
		_, finds := at.(*ast.CallExpr)
		e = ast.Unparen(e)
		if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
			e = sel.X
		}
		key := c.consultKey(info.TypeOf(e))
		if fn := c.enclosingFunc(at.Pos()); fn != nil {
			c.consults = append(c.consults, consult{fn: fn, pos: at.Pos(), key: key, finds: finds})
		}
	}
	filter := []ast.Node{(*ast.CallExpr)(nil), (*ast.SelectorExpr)(nil)}
	for cur := range c.ins.Root().Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.SelectorExpr:
			if n.Sel.Name != "OwnerReferences" || !c.reads(cur) {
				continue
			}
			if s, ok := info.Selections[n]; ok && s.Kind() == types.FieldVal {
				subject(n, n.X)
			}
		case *ast.CallExpr:
			fn := recognize.Callee(info, n)
			if fn == nil {
				continue
			}
			switch {
			case fn.Name() == "GetOwnerReferences" && recognize.Receiver(fn) != nil && c.reads(cur):
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					subject(sel, sel.X) // a read, like the field
				}
			case recognize.IsFunc(fn, recognize.PkgMetaV1, "GetControllerOf"),
				recognize.IsFunc(fn, recognize.PkgMetaV1, "GetControllerOfNoCopy"),
				recognize.IsFunc(fn, recognize.PkgMetaV1, "IsControlledBy"):
				if len(n.Args) > 0 {
					subject(n, n.Args[0])
				}
			case recognize.IsFunc(fn, recognize.PkgClusterAPIUtil, "GetOwnerCluster"),
				recognize.IsFunc(fn, recognize.PkgClusterAPIUtil, "GetOwnerMachine"),
				recognize.IsFunc(fn, recognize.PkgClusterAPIUtil, "GetOwnerByRef"):
				if len(n.Args) > 2 {
					subject(n, n.Args[2])
				}
			case recognize.IsFunc(fn, recognize.PkgRuntimeOwnership, "GetOwner"):
				if len(n.Args) > 2 {
					subject(n, n.Args[2])
				}
			case isOwnerGetter(fn.Name()) && fn.Pkg() != c.pass.Pkg:
				// A helper of another package or project that finds an
				// owner (Cluster API's bootstrap GetConfigOwner): it reads
				// the owner references of the objects it is given. One of
				// this package is judged by what its body does.
				for _, arg := range n.Args {
					if t := info.TypeOf(arg); t != nil && !isInterface(t) && recognize.TypeKey(t) != "" {
						subject(n, arg)
					}
				}
			}
		}
	}
	c.helperConsults()
}

// consultKey returns the key of the kind whose owner references an
// expression of type t reads: "" for any (an interface, or metadata alone,
// such as a helper's metav1.ObjectMeta parameter).
func (c *checker) consultKey(t types.Type) string {
	if t == nil || isInterface(t) || recognize.IsNamedOrPointer(t, recognize.PkgMetaV1, "ObjectMeta") {
		return ""
	}
	return c.key(t)
}

// helperConsults adds, for each call of one of the package's functions
// whose body reads owner references (directly or through such a call), a
// read where the call is made: getOwnerMachinePool(ctx, c, obj.ObjectMeta)
// reads the references of obj as much as its loop over them does.
func (c *checker) helperConsults() {
	info := c.pass.TypesInfo
	type call struct {
		in, callee *types.Func
		pos        token.Pos
	}
	var calls []call
	for _, fn := range c.order {
		ast.Inspect(c.decls[fn].Body, func(n ast.Node) bool {
			if ce, ok := n.(*ast.CallExpr); ok {
				if g := recognize.Callee(info, ce); g != nil && g != fn && c.decls[g] != nil {
					calls = append(calls, call{in: fn, callee: g, pos: ce.Pos()})
				}
			}
			return true
		})
	}
	type at struct {
		fn  *types.Func
		pos token.Pos
		key string
	}
	seen := make(map[at]bool)
	byFn := make(map[*types.Func][]consult)
	for _, k := range c.consults {
		seen[at{k.fn, k.pos, k.key}] = true
		byFn[k.fn] = append(byFn[k.fn], k)
	}
	// A few rounds reach helpers of helpers; deeper chains are not read.
	for range 3 {
		added := false
		for _, cl := range calls {
			for _, k := range byFn[cl.callee] {
				a := at{cl.in, cl.pos, k.key}
				if seen[a] {
					continue
				}
				seen[a] = true
				nk := consult{fn: cl.in, pos: cl.pos, key: k.key, finds: k.finds}
				c.consults = append(c.consults, nk)
				byFn[cl.in] = append(byFn[cl.in], nk)
				added = true
			}
		}
		if !added {
			break
		}
	}
}

// consultedBefore reports whether the owner references of r's object were
// read before pos on the way to the lookup: earlier in fn, or, by a call
// that finds the owner, in r's Reconcile when fn is a helper it calls.
// Reading them after a by-name lookup, or elsewhere only to see whether an
// owner reference must still be set (adoption), does not make the lookup
// right.
func (c *checker) consultedBefore(fn *types.Func, pos token.Pos, r *reconciler) bool {
	for _, k := range c.consults {
		if k.key != "" && k.key != r.selfKey {
			continue
		}
		if k.fn == fn && k.pos < pos {
			return true
		}
		if k.finds && k.fn != fn && k.fn.Name() == "Reconcile" && fn.Name() != "Reconcile" && c.inReconciler(k.fn, r) {
			return true
		}
	}
	return false
}

// isOwnerGetter reports whether a function's name says that it finds an
// owner: GetOwner..., getConfigOwner, findOwner, lookupOwnerCluster.
func isOwnerGetter(name string) bool {
	lower := strings.ToLower(name)
	for _, verb := range []string{"get", "find", "lookup", "fetch", "resolve"} {
		if strings.HasPrefix(lower, verb) && strings.Contains(lower[len(verb):], "owner") {
			return true
		}
	}
	return false
}

// reads reports whether the owner references at cur are read to find an
// owner, rather than assigned, appended to or counted.
func (c *checker) reads(cur inspector.Cursor) bool {
	p := cur.Parent()
	switch x := p.Node().(type) {
	case *ast.AssignStmt:
		return !slices.Contains(x.Lhs, cur.Node().(ast.Expr))
	case *ast.CallExpr:
		if recognize.Builtin(c.pass.TypesInfo, x) != "" {
			return false // append(refs, ref), len(refs)
		}
	}
	return true
}

// A reconciler is a type with a Reconcile method and the type it
// reconciles.
type reconciler struct {
	recv     *types.TypeName
	self     types.Type // the reconciled named type
	selfKey  string
	children map[string]bool // kinds its controller Owns
}

// hasObjectMeta reports whether t is a Kubernetes object type: it has the
// methods of metav1.Object (GetOwnerReferences among them).
func hasObjectMeta(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetOwnerReferences")
	_, ok := obj.(*types.Func)
	return ok
}

// reconcilers finds the package's reconcilers and what they reconcile:
// the For of the controller they are built into, or else the type of the
// object their Reconcile reads with the request's key.
func (c *checker) reconcilers(chains []*builders.Chain) []*reconciler {
	info := c.pass.TypesInfo
	byRecv := make(map[*types.TypeName]*reconciler)
	var out []*reconciler
	for _, ch := range chains {
		if ch.For == nil || ch.Reconciler == nil {
			continue
		}
		n := recognize.Named(recognize.Unpointer(ch.Reconciler))
		self := builders.ObjectArg(info, ch.For)
		if n == nil || self == nil || isInterface(self) {
			continue
		}
		r := &reconciler{recv: n.Obj(), self: recognize.Unpointer(self), selfKey: c.key(self), children: make(map[string]bool)}
		for _, own := range ch.Method(info, "Owns") {
			if k := c.key(builders.ObjectArg(info, own)); k != "" {
				r.children[k] = true
			}
		}
		if byRecv[r.recv] == nil {
			byRecv[r.recv] = r
			out = append(out, r)
		}
	}
	for _, fn := range c.order {
		fd := c.decls[fn]
		if fn.Name() != "Reconcile" || fd.Recv == nil {
			continue
		}
		recv := recognize.Receiver(fn)
		n := recognize.Named(recv)
		if n == nil || byRecv[n.Obj()] != nil {
			continue
		}
		var self types.Type
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Params().Len() == 2 {
			// A typed reconciler (reconcile.AsReconciler, ObjectReconciler):
			// Reconcile(ctx, obj *T) is given the object it reconciles.
			if t := sig.Params().At(1).Type(); !isInterface(t) && hasObjectMeta(t) {
				self = recognize.Unpointer(t)
			}
		}
		ast.Inspect(fd.Body, func(node ast.Node) bool {
			call, ok := node.(*ast.CallExpr)
			if !ok || self != nil {
				return self == nil
			}
			if l, ok := recognize.AsLookup(info, call); ok && l.Key != nil && l.Type != nil && recognize.IsRequestKey(info, l.Key) && !isInterface(l.Type) {
				self = recognize.Unpointer(l.Type)
			}
			return true
		})
		if self == nil || recognize.TypeKey(self) == "" {
			continue
		}
		r := &reconciler{recv: n.Obj(), self: self, selfKey: c.key(self), children: make(map[string]bool)}
		byRecv[r.recv] = r
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b *reconciler) int { return int(a.recv.Pos() - b.recv.Pos()) })
	return out
}
