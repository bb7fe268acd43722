// Package waits finds what each kind's deletion waits for: in deletion
// code, before the finalizer removal, a condition on a listing of objects
// of another kind (len(list.Items) > 0, a package function that lists
// them, here or, by a fact, in another package) or on the presence of one
// looked up elsewhere (scope.ControlPlane != nil), whose branch ends in a
// return. While any such object is left, the waiting kind keeps its
// finalizer: it cannot be gone first. A helper's listing that keeps only
// some of the objects it lists makes a partial wait (Wait.Partial), as does
// a condition on the items of a listing the deletion ranges over. A
// condition that reads only a listing's error is no wait for what was
// listed, only for what the function called waits for itself.
//
// The waits of a package are its result and a package fact, so that the
// rules see the waits of the packages a package imports: finalizerblock
// pairs them into deadlocks and orders, blockownerdeletion knows an owner
// that waits for its children.
package waits

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Analyzer's result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "waits",
	Doc:        "find the kinds whose deletion waits for objects of other kinds to be gone (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{deletionpath.Analyzer, groupkind.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(packageFact), new(listsFact)},
	// Sound on packages with type errors: a condition that does not
	// type-check lists nothing.
	RunDespiteErrors: true,
}

// listsFact gives the kinds of the objects a function lists (the client
// List calls of its body and of the functions it calls), sorted, for the
// packages that call it: a scope's ListMachines method of another package
// lists what its body does, whatever its signature.
type listsFact struct {
	Kinds []string
	// Partial are the kinds it lists only to keep some of them (see
	// Wait.Partial) on every path.
	Partial []string
	// Waits are the kinds it waits for itself: it returns early while
	// objects of them are left (see waitsIn), and WaitsPartial those it
	// waits for only in part. A caller that tests only the error it
	// returns waits for these, not for all it lists.
	Waits, WaitsPartial []string
}

// AFact implements analysis.Fact.
func (*listsFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (f *listsFact) String() string {
	words := []string{"lists"}
	for _, k := range f.Kinds {
		words = append(words, shortKind(k))
	}
	if len(f.Partial) > 0 {
		words = append(words, "partly")
		for _, k := range f.Partial {
			words = append(words, shortKind(k))
		}
	}
	if len(f.Waits)+len(f.WaitsPartial) > 0 {
		words = append(words, "waits")
		for _, k := range f.Waits {
			words = append(words, shortKind(k))
		}
		if len(f.WaitsPartial) > 0 {
			words = append(words, "partly")
			for _, k := range f.WaitsPartial {
				words = append(words, shortKind(k))
			}
		}
	}
	return strings.Join(words, " ")
}

// A Wait says that, while being deleted, objects of kind Waiter keep
// their finalizer as long as an object of kind On exists. Kinds are
// recognize.TypeKey keys ("import/path.Type").
type Wait struct {
	Waiter, On string
	// Partial says that the deletion waits only for the On objects a
	// helper's listing keeps (it skips some of those it lists: the
	// Machines of one infrastructure kind): a wait for some of them,
	// so not for what they wait for in turn.
	Partial bool
}

// packageFact lists a package's waits, sorted.
type packageFact struct {
	List []Wait
}

// AFact implements analysis.Fact.
func (*packageFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (f *packageFact) String() string {
	var b strings.Builder
	b.WriteString("waits")
	for _, w := range f.List {
		arrow := "->"
		if w.Partial {
			arrow = "~>"
		}
		b.WriteString(" " + shortKind(w.Waiter) + arrow + shortKind(w.On))
	}
	return b.String()
}

func shortKind(key string) string {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return key[i+1:]
	}
	return key
}

// Result holds the waits of a package and of the packages it imports. It
// is complete when the analyzer returns and read-only after.
type Result struct {
	local []Wait
	// sites are where the deletion code of the package waits (see Site),
	// by position.
	sites []Site
	// descendants are the Cluster API Cluster's waits on its descendants
	// (see descendantWaits): known by contract wherever the kinds are,
	// so not exported.
	descendants []Wait
	all         map[Wait]bool // by the kinds' groupkind Keys
	kinds       *groupkind.Index
}

// Local returns the package's own waits, sorted.
func (r *Result) Local() []Wait {
	if r == nil {
		return nil
	}
	return r.local
}

// A Site is where the deletion code of the package waits: the if
// statement whose branch returns, or that guards the finalizer removal, in
// the function Func.
type Site struct {
	Wait
	Node ast.Node
	Func *types.Func
}

// At returns the first site of the package's deletion code that waits as w
// does (the same kinds, wholly or in part), or false when none does: a wait
// the Cluster API contract makes has no site.
func (r *Result) At(w Wait) (Site, bool) {
	if r == nil {
		return Site{}, false
	}
	for _, s := range r.sites {
		if s.Waiter == w.Waiter && s.On == w.On {
			return s, true
		}
	}
	return Site{}, false
}

// Contract returns the waits the Cluster API contract makes that are not
// the package's own: a Cluster's on its descendants, for the Cluster API
// packages the package uses.
func (r *Result) Contract() []Wait {
	if r == nil {
		return nil
	}
	return r.descendants
}

// Waits reports whether objects of kind waiter wait, in the deletion code
// of this package or of one it imports, for objects of kind on to be gone.
// Kinds compare as GroupKinds: a wait found through one API version's Go
// type holds for another's.
func (r *Result) Waits(waiter, on string) bool {
	return r != nil && r.all[r.Key(Wait{Waiter: waiter, On: on})]
}

// Key returns w with its kinds replaced by their groupkind Keys, which
// two waits of the same kinds share.
func (r *Result) Key(w Wait) Wait {
	return Wait{Waiter: r.kinds.Key(w.Waiter), On: r.kinds.Key(w.On)}
}

type finder struct {
	pass *analysis.Pass
	pkg  *types.Package
	info *types.Info
	code *deletionpath.Code
	// lists are the kinds each function of the package lists (see
	// listsFact), complete before any wait is found: true when it keeps
	// all it lists on some path, false when only some.
	lists map[*types.Func]map[string]bool
	// waits are the kinds each function waits for itself (see waitsIn),
	// complete before the deletion code's waits are found.
	waits map[*types.Func]map[string]bool
	// assigns index each function's assignments by their call (see
	// assignedBy).
	assigns map[*types.Func]map[*ast.CallExpr]*ast.AssignStmt
	// imported indexes the methods of other packages with a listsFact,
	// which an interface call may run (see implementations).
	imported *callees.Methods
}

func run(pass *analysis.Pass) (any, error) {
	code, _ := pass.ResultOf[deletionpath.Analyzer].(*deletionpath.Code)
	r := &Result{all: make(map[Wait]bool), kinds: groupkind.Of(pass)}
	for _, pf := range pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*packageFact); ok && pf.Package != pass.Pkg {
			for _, w := range f.List {
				r.all[r.Key(w)] = true
			}
		}
	}
	r.local, r.descendants = contractWaits(pass)
	for _, w := range r.descendants {
		r.all[r.Key(w)] = true
	}
	if code != nil {
		c := &finder{pass: pass, pkg: pass.Pkg, info: pass.TypesInfo, code: code, assigns: make(map[*types.Func]map[*ast.CallExpr]*ast.AssignStmt)}
		c.imported = callees.Imported(pass, func(f analysis.Fact) bool {
			_, ok := f.(*listsFact)
			return ok
		})
		c.summariseLists()
		for _, f := range code.Funcs() {
			for _, s := range c.listWaits(f, Removal(code, f)) {
				r.local = append(r.local, s.Wait)
				r.sites = append(r.sites, s)
			}
		}
		slices.SortStableFunc(r.sites, func(a, b Site) int { return cmp.Compare(a.Node.Pos(), b.Node.Pos()) })
	}
	for _, w := range r.local {
		r.all[r.Key(w)] = true
	}
	slices.SortFunc(r.local, Compare)
	// A wait for all the objects of a kind holds for some of them too.
	r.local = slices.CompactFunc(r.local, func(a, b Wait) bool { return a.Waiter == b.Waiter && a.On == b.On })
	if len(r.local) > 0 {
		pass.ExportPackageFact(&packageFact{List: r.local})
	}
	return r, nil
}

// Removal returns the finalizer removal that f's deletion code leads to, or
// nil when f is not deletion code: for a method a framework calls while
// deleting, the removal of the object it is given; for another function,
// the removal it reaches, unless it runs only while not deleting, or
// releases a finalizer without any deletion in sight (a plugin that drops
// another object's protective finalizer from what it just made).
func Removal(code *deletionpath.Code, f *deletionpath.Func) *recognize.FinalizerRemoval {
	if e := code.EntryPoint(f.Obj); e != nil {
		if e.Role == deletionpath.RoleDeleting {
			return code.OwnRemoval(f)
		}
		return nil
	}
	rem := code.Removal(f.Obj)
	if rem == nil || code.NormalOnly(f.Obj) || !f.TestsDeletion() && !rem.Guarded {
		return nil
	}
	return rem
}

// contractWaits returns the waits the Cluster API contract makes: the
// Cluster, Machine and MachinePool controllers delete the infrastructure,
// bootstrap and control plane objects their spec refers to and keep their
// finalizer until those are gone, and a Cluster deletes its Machines and
// waits for them before its infrastructure. A kind of the package whose code finds
// its owner with util.GetOwnerCluster, GetOwnerMachine or
// GetOwnerMachinePool, or with a copy of its own (recognize.OwnerWalker),
// and that has the contract's field of such an object
// (see contractFields), is one of them, so its owner's deletion waits for
// it. The second result is the Cluster's waits on its descendants.
func contractWaits(pass *analysis.Pass) (own, descendants []Wait) {
	var out []Wait
	api := map[*types.Package]bool{pass.Pkg: true}
	for _, p := range pass.Pkg.Imports() {
		api[p] = true
	}
	walkers := ownerWalkers(pass)
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			owner, obj, ok := recognize.ClusterAPIOwned(pass.TypesInfo, call)
			if !ok {
				owner, obj, ok = walkerOwned(pass.TypesInfo, walkers, call)
			}
			o := recognize.Named(recognize.Unpointer(owner))
			if !ok || o == nil {
				return true
			}
			t := pass.TypesInfo.TypeOf(obj)
			waiter, on := recognize.TypeKey(owner), recognize.TypeKey(t)
			if waiter != "" && on != "" && waiter != on && hasContractField(t, o) {
				out = append(out, Wait{Waiter: waiter, On: on})
				api[o.Obj().Pkg()] = true
			}
			return true
		})
	}
	for p := range api {
		descendants = append(descendants, descendantWaits(p)...)
	}
	slices.SortFunc(descendants, Compare)
	return out, slices.Compact(descendants)
}

// ownerWalkers returns the package's owner helpers written like Cluster
// API's (see recognize.OwnerWalker), with the index of the parameter whose
// owner references each follows.
func ownerWalkers(pass *analysis.Pass) map[*types.Func]int {
	out := make(map[*types.Func]int)
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if p, walks := recognize.OwnerWalker(pass.TypesInfo, fd); walks {
					out[pass.TypesInfo.Defs[fd.Name].(*types.Func)] = p
				}
			}
		}
	}
	return out
}

// walkerOwned is recognize.ClusterAPIOwned for a call of one of the
// package's own owner helpers (walkers) that returns a Cluster API object.
func walkerOwned(info *types.Info, walkers map[*types.Func]int, call *ast.CallExpr) (owner types.Type, obj ast.Expr, ok bool) {
	fn := recognize.Callee(info, call)
	if fn == nil {
		return nil, nil, false
	}
	p, walks := walkers[fn.Origin()]
	if !walks || p >= len(call.Args) {
		return nil, nil, false
	}
	owner = recognize.ResultTypes(fn)[0]
	o := recognize.Named(recognize.Unpointer(owner))
	if o == nil || o.Obj().Pkg() == nil || !isClusterAPIAPI(o.Obj().Pkg()) {
		return nil, nil, false
	}
	return owner, recognize.OwnedArg(call.Args[p]), true
}

// clusterDescendants are the kinds of its API package a Cluster API
// Cluster deletes and waits for before it deletes its control plane and
// infrastructure: the cluster controller lists them by the cluster-name
// label and requeues while any is left.
var clusterDescendants = []string{"MachineDeployment", "MachineSet", "MachinePool", "Machine"}

// descendantWaits returns the waits of the Cluster on the descendants that
// p defines, when p is a Cluster API API package (api/..., or exp/api/...
// where MachinePool lived before v1.12, whose Cluster is in a package it
// imports). The cluster controller that makes them is in a package no
// provider or other controller imports, so they are known by contract.
func descendantWaits(p *types.Package) []Wait {
	if p == nil || !isClusterAPIAPI(p) {
		return nil
	}
	c, ok := p.Scope().Lookup("Cluster").(*types.TypeName)
	for _, imp := range p.Imports() {
		if !ok && isClusterAPIAPI(imp) {
			c, ok = imp.Scope().Lookup("Cluster").(*types.TypeName)
		}
	}
	if !ok {
		return nil
	}
	var out []Wait
	for _, name := range clusterDescendants {
		if d, ok := p.Scope().Lookup(name).(*types.TypeName); ok {
			out = append(out, Wait{Waiter: recognize.TypeKey(c.Type()), On: recognize.TypeKey(d.Type())})
		}
	}
	return out
}

func isClusterAPIAPI(p *types.Package) bool {
	return strings.HasPrefix(p.Path(), recognize.PkgClusterAPI+"/api/") || strings.HasPrefix(p.Path(), recognize.PkgClusterAPI+"/exp/api/")
}

// contractFields are, by the kind of Cluster API owner, the fields (under
// Spec or Status) by which its contract recognizes the objects it deletes
// and waits for: an infrastructure cluster's control plane endpoint and a
// control plane's initialization (v1beta1's status.initialized, v1beta2's
// status.initialization.controlPlaneInitialized) for a Cluster; an
// infrastructure machine's provider ID and a bootstrap config's data secret
// for a Machine; their pool forms for a MachinePool.
var contractFields = map[string][][]string{
	"Cluster":     {{"Spec", "ControlPlaneEndpoint"}, {"Status", "Initialized"}, {"Status", "Initialization", "ControlPlaneInitialized"}},
	"Machine":     {{"Spec", "ProviderID"}, {"Status", "DataSecretName"}},
	"MachinePool": {{"Spec", "ProviderIDList"}, {"Status", "DataSecretName"}},
}

// hasContractField reports whether the object type t has one of the
// contract's fields of an object that an owner of type owner waits for.
func hasContractField(t types.Type, owner *types.Named) bool {
	if owner == nil {
		return false
	}
	for _, path := range contractFields[owner.Obj().Name()] {
		if hasFieldPath(t, path) {
			return true
		}
	}
	return false
}

// hasFieldPath reports whether t has the field t.path[0].path[1]...
func hasFieldPath(t types.Type, path []string) bool {
	for _, name := range path {
		v, ok := lookupField(t, name)
		if !ok {
			return false
		}
		t = v.Type()
	}
	return true
}

func lookupField(t types.Type, name string) (*types.Var, bool) {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	v, ok := obj.(*types.Var)
	return v, ok && v.IsField()
}

// listWaits returns the waits of f's deletion code that list objects or
// test one's presence: a client List of a kind B (in f, or in a function
// of the package f calls whose result it tests), or a B looked up
// elsewhere (scope.ControlPlane != nil), followed by a condition whose
// branch returns before the finalizer removal.
func (c *finder) listWaits(f *deletionpath.Func, rem *recognize.FinalizerRemoval) []Site {
	if rem == nil {
		return nil
	}
	waiter := recognize.TypeKey(c.code.ReleasedType(f, rem))
	if waiter == "" {
		return nil
	}
	var out []Site
	body := f.Decl.Body
	inBody := body.Pos() <= rem.Node().Pos() && rem.Node().End() <= body.End()
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		if inBody && ifs.Body.Pos() <= rem.Node().Pos() && rem.Node().End() <= ifs.Body.End() {
			// The removal only when a collection of objects is empty
			// (if len(machines) == 0 { release }): a wait for them;
			// for each, when several must be empty (len(a) == 0 &&
			// len(b) == 0).
			for _, cond := range recognize.Conjuncts(ifs.Cond) {
				if kind := emptyKind(c.info, cond); kind != "" && kind != waiter {
					out = append(out, Site{Wait: Wait{Waiter: waiter, On: kind}, Node: ifs, Func: f.Obj})
				}
			}
			return true
		}
		if inBody && ifs.Pos() > rem.Node().Pos() {
			return true // after the removal: too late to wait
		}
		if !endsInReturn(ifs.Body) {
			return true
		}
		kinds := c.listedKinds(f, ifs)
		if k := c.presentKind(ifs.Cond); k != "" {
			kinds = append(kinds, listed{kind: k})
		}
		for _, l := range kinds {
			if l.kind != waiter {
				out = append(out, Site{Wait: Wait{Waiter: waiter, On: l.kind, Partial: l.partial}, Node: ifs, Func: f.Obj})
			}
		}
		return true
	})
	return out
}

// Compare orders waits by their kinds, a full wait before a partial one
// of the same kinds.
func Compare(a, b Wait) int {
	if a.Waiter != b.Waiter {
		return strings.Compare(a.Waiter, b.Waiter)
	}
	if a.On != b.On {
		return strings.Compare(a.On, b.On)
	}
	switch {
	case a.Partial == b.Partial:
		return 0
	case b.Partial:
		return -1
	}
	return 1
}

// presentKind returns the kind of the object whose presence cond tests
// (scope.ControlPlane != nil, a *T of a Kubernetes kind looked up
// elsewhere), or "".
func (c *finder) presentKind(cond ast.Expr) string {
	x, whenNil, ok := recognize.NilTest(c.info, cond)
	if !ok || whenNil {
		return ""
	}
	t := c.info.TypeOf(x)
	if _, isPtr := t.(*types.Pointer); !isPtr {
		return ""
	}
	if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetFinalizers"); obj == nil {
		return ""
	}
	return recognize.TypeKey(t)
}

// endsInReturn reports whether the last statement of body is a return: a
// branch that always stops there (a requeue while something is left), not
// one that returns only when a step in it fails.
func endsInReturn(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	_, ok := body.List[len(body.List)-1].(*ast.ReturnStmt)
	return ok
}

// listedKinds returns the kinds of the objects whose listing the condition
// of ifs tests: a client List into a list variable the condition reads
// (len(list.Items) > 0, in the if's init or before it), or a call of a
// function that lists them whose result, other than an error, the
// condition reads (len(pods) > 0, a bool it returns). A condition that
// reads only a listing's error waits for nothing the call lists (a List
// fails when the API server does, not while objects are left), but for
// what the function called waits for itself (waitsIn: a helper that
// returns an error while objects are left).
func (c *finder) listedKinds(f *deletionpath.Func, ifs *ast.IfStmt) []listed {
	var kinds []listed
	vals := make(map[types.Object]bool) // variables the condition reads, not errors
	errs := make(map[types.Object]bool) // errors it reads
	read := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := c.info.Uses[id].(*types.Var); ok {
					if recognize.IsError(v.Type()) {
						errs[v] = true
					} else {
						vals[v] = true
					}
				}
			}
			return true
		})
	}
	read(ifs.Cond)
	ast.Inspect(ifs.Cond, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if recognize.IsError(c.info.TypeOf(call)) {
				kinds = append(kinds, c.waitsIn(call)...)
			} else {
				kinds = append(kinds, c.listsIn(call)...)
			}
		}
		return true
	})
	// A value the init computes from a listing (n := len(list.Items)).
	if as, ok := ifs.Init.(*ast.AssignStmt); ok {
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && vals[c.info.ObjectOf(id)] {
				for _, r := range as.Rhs {
					if _, call := ast.Unparen(r).(*ast.CallExpr); !call || recognize.LenArg(c.info, r) != nil {
						read(r)
					}
				}
			}
		}
	}
	if len(vals)+len(errs) == 0 {
		return kinds
	}
	// An item of a listing the condition tests, found by ranging over it
	// around the if (for _, w := range widgets.Items { if w.Spec.X == name
	// { return requeue } }): a wait for the listed objects that pass the
	// test, so a partial one.
	ranged := rangedOver(c.info, f.Decl.Body, ifs, vals)
	// The List calls (or listing helpers) that fill those variables, before
	// the condition: in the function's body before the if, and in its init.
	visit := func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if cc, ok := recognize.AsClientCall(c.info, call); ok && cc.Method == "List" && cc.Object != nil {
			v := deletionpath.RootVar(c.info, cc.Object)
			if vals[v] || ranged[v] {
				if k := itemsKind(c.info.TypeOf(cc.Object)); k != "" {
					kinds = append(kinds, listed{kind: k, partial: !vals[v]})
				}
			}
			return true
		}
		if as := c.assignedBy(f, call); as != nil {
			value, err := false, false
			for _, l := range as.Lhs {
				v := deletionpath.RootVar(c.info, l)
				value = value || vals[v]
				err = err || errs[v]
			}
			switch {
			case value:
				kinds = append(kinds, c.listsIn(call)...)
			case err:
				kinds = append(kinds, c.waitsIn(call)...)
			}
		}
		return true
	}
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= ifs.Pos() {
			return false
		}
		return visit(n)
	})
	if ifs.Init != nil {
		ast.Inspect(ifs.Init, visit)
	}
	return kinds
}

// rangedOver returns the collections that the range statements of body
// around ifs range over with a key or value variable among vals.
func rangedOver(info *types.Info, body *ast.BlockStmt, ifs *ast.IfStmt, vals map[types.Object]bool) map[types.Object]bool {
	ranged := make(map[types.Object]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || ifs.Pos() < rs.Body.Pos() || ifs.End() > rs.Body.End() {
			return n == nil || n.Pos() <= ifs.Pos() && ifs.End() <= n.End()
		}
		for _, x := range []ast.Expr{rs.Key, rs.Value} {
			if id, ok := x.(*ast.Ident); ok && vals[info.ObjectOf(id)] {
				if v := deletionpath.RootVar(info, rs.X); v != nil {
					ranged[v] = true
				}
			}
		}
		return true
	})
	return ranged
}

// summariseLists computes c.lists and then c.waits to a fixed point, and
// exports a listsFact for each function that lists something.
func (c *finder) summariseLists() {
	c.lists = make(map[*types.Func]map[string]bool)
	funcs := c.code.Funcs()
	fixpoint.Solve(funcs, func(f *deletionpath.Func) bool {
		grew := false
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var found []listed
			if cc, ok := recognize.AsClientCall(c.info, call); ok && cc.Method == "List" && cc.Object != nil {
				if k := itemsKind(c.info.TypeOf(cc.Object)); k != "" {
					found = []listed{{kind: k, partial: filtered(c.info, f.Decl.Body, cc.Object)}}
				}
			} else {
				found = c.listsIn(call)
			}
			grew = add(c.lists, f.Obj, found) || grew
			return true
		})
		return grew
	})
	// What a function waits for is among what it lists, through its
	// callees too: only those that list anything wait.
	c.waits = make(map[*types.Func]map[string]bool)
	fixpoint.Solve(funcs, func(f *deletionpath.Func) bool {
		if len(c.lists[f.Obj]) == 0 {
			return false
		}
		grew := false
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			if ifs, ok := n.(*ast.IfStmt); ok && endsInReturn(ifs.Body) {
				grew = add(c.waits, f.Obj, c.listedKinds(f, ifs)) || grew
			}
			return true
		})
		return grew
	})
	for _, f := range funcs {
		kinds := c.lists[f.Obj]
		if len(kinds) == 0 {
			continue
		}
		fact := &listsFact{}
		fact.Kinds, fact.Partial = split(kinds)
		fact.Waits, fact.WaitsPartial = split(c.waits[f.Obj])
		c.pass.ExportObjectFact(f.Obj, fact)
	}
}

// add adds found to the kinds of fn in m, a kind listed in full replacing
// the same kind listed in part, and reports whether m grew.
func add(m map[*types.Func]map[string]bool, fn *types.Func, found []listed) bool {
	grew := false
	for _, l := range found {
		kinds := m[fn]
		if all, ok := kinds[l.kind]; !ok || !all && !l.partial {
			if kinds == nil {
				kinds = make(map[string]bool)
				m[fn] = kinds
			}
			kinds[l.kind], grew = !l.partial, true
		}
	}
	return grew
}

// split returns the kinds of m, sorted: those it holds in full, then
// those in part.
func split(m map[string]bool) (all, partial []string) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if m[k] {
			all = append(all, k)
		} else {
			partial = append(partial, k)
		}
	}
	return all, partial
}

// filtered reports whether body keeps only some of the items of the list
// object: a range over its Items whose body skips an item (an if with a
// continue) or appends one only under a condition.
func filtered(info *types.Info, body *ast.BlockStmt, object ast.Expr) bool {
	v := deletionpath.RootVar(info, object)
	if v == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || found {
			return !found
		}
		if deletionpath.RootVar(info, rs.X) != v {
			return true
		}
		ast.Inspect(rs.Body, func(n ast.Node) bool {
			ifs, ok := n.(*ast.IfStmt)
			if !ok {
				return !found
			}
			ast.Inspect(ifs, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BranchStmt:
					found = found || n.Tok == token.CONTINUE
				case *ast.CallExpr:
					found = found || recognize.IsAppend(info, n)
				}
				return !found
			})
			return !found
		})
		return !found
	})
	return found
}

// listed is a kind a call lists; partial when it keeps only some of the
// objects (see Wait.Partial).
type listed struct {
	kind    string
	partial bool
}

// listsIn returns the kinds a call lists: a typed clientset's or a
// lister's List, those of a function of the package or, by its fact, of
// another (or, for one without a fact, those its signature says: see
// listedBy); for an interface method, those of its implementations in
// scope (a manager a factory returns behind an interface).
func (c *finder) listsIn(call *ast.CallExpr) []listed {
	if tc, ok := recognize.AsTypedCall(c.info, call); ok && tc.Method == "List" {
		// A typed clientset's or a lister's List: its result.
		return []listed{{kind: recognize.TypeKey(recognize.Unpointer(tc.Type))}}
	}
	var out []listed
	for _, fn := range c.callees(call) {
		out = append(out, c.listsOf(fn)...)
	}
	return out
}

// waitsIn returns the kinds a call of a function waits for itself, for a
// caller that tests only the error it returns: those whose listing the
// function tests in a condition whose branch returns (while objects are
// left, or once they are none), in the package or, by its fact, in
// another; for an interface method, those its implementations in scope
// wait for. A List, or a function that only lists, waits for none.
func (c *finder) waitsIn(call *ast.CallExpr) []listed {
	var out []listed
	for _, fn := range c.callees(call) {
		out = append(out, c.waitsOf(fn)...)
	}
	return out
}

// callees returns the functions a call may run: for an interface method,
// its implementations in scope (the package's, and those of other packages
// with a listsFact), else the function called; nil when not known.
func (c *finder) callees(call *ast.CallExpr) []*types.Func {
	fn := recognize.Callee(c.info, call)
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if recognize.IsInterfaceMethod(fn) {
		if impls := append(slices.Clone(c.code.Implementations(fn)), c.imported.Implementing(fn)...); len(impls) > 0 {
			return impls
		}
	}
	return []*types.Func{fn}
}

// listsOf returns the kinds fn lists: by its summary in the package, by
// its fact in another, else by its signature (listedBy).
func (c *finder) listsOf(fn *types.Func) []listed {
	if c.code.Func(fn) != nil {
		return fromSummary(c.lists[fn])
	}
	if fn.Pkg() == nil || fn.Pkg() == c.pkg {
		return nil
	}
	var f listsFact
	if !c.pass.ImportObjectFact(fn, &f) {
		return fromFact(listedBy(fn), nil)
	}
	return fromFact(f.Kinds, f.Partial)
}

// waitsOf returns the kinds fn waits for itself (see waitsIn).
func (c *finder) waitsOf(fn *types.Func) []listed {
	if c.code.Func(fn) != nil {
		return fromSummary(c.waits[fn])
	}
	var f listsFact
	if fn.Pkg() == nil || fn.Pkg() == c.pkg || !c.pass.ImportObjectFact(fn, &f) {
		return nil
	}
	return fromFact(f.Waits, f.WaitsPartial)
}

// fromSummary returns the kinds of a function's summary, in any order
// (the waits made of them are sorted).
func fromSummary(m map[string]bool) []listed {
	var out []listed
	for k, all := range m {
		out = append(out, listed{kind: k, partial: !all})
	}
	return out
}

// fromFact returns the kinds of a fact: all those it has in full, then
// those in part.
func fromFact(all, partial []string) []listed {
	var out []listed
	for _, k := range all {
		out = append(out, listed{kind: k})
	}
	for _, k := range partial {
		out = append(out, listed{kind: k, partial: true})
	}
	return out
}

// listedBy returns the kind a function of another package lists, as its
// signature says: it takes a controller-runtime client and returns a list
// of objects of that kind, or a map or slice of them (Cluster API's
// collections.GetFilteredMachinesForCluster), with an error.
func listedBy(fn *types.Func) []string {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || !recognize.ReturnsError(fn) || !recognize.TakesClient(fn) {
		return nil
	}
	for i := range sig.Results().Len() {
		rt := sig.Results().At(i).Type()
		if k := itemsKind(rt); k != "" {
			return []string{k}
		}
		var elem types.Type
		switch u := rt.Underlying().(type) {
		case *types.Map:
			elem = u.Elem()
		case *types.Slice:
			elem = u.Elem()
		}
		if _, isPtr := elem.(*types.Pointer); isPtr {
			if obj, _, _ := types.LookupFieldOrMethod(elem, true, nil, "GetFinalizers"); obj != nil {
				return []string{recognize.TypeKey(elem)}
			}
		}
	}
	return nil
}

// assignedBy returns the assignment of f's body whose only right-hand
// side is call, or nil. The assignments of a body are indexed once: a
// condition's listings are looked up for each if of a function.
func (c *finder) assignedBy(f *deletionpath.Func, call *ast.CallExpr) *ast.AssignStmt {
	idx, ok := c.assigns[f.Obj]
	if !ok {
		idx = make(map[*ast.CallExpr]*ast.AssignStmt)
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
				if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
					idx[call] = as
				}
			}
			return true
		})
		c.assigns[f.Obj] = idx
	}
	return idx[call]
}

// emptyKind returns the kind of the objects of the collection whose
// emptiness cond tests (len(list.Items) == 0, len(machines) == 0 of a
// slice or map of objects), or "".
func emptyKind(info *types.Info, cond ast.Expr) string {
	arg, whenEmpty, ok := recognize.EmptyTest(info, cond)
	if !ok || !whenEmpty {
		return ""
	}
	if sel, ok := ast.Unparen(arg).(*ast.SelectorExpr); ok && sel.Sel.Name == "Items" {
		return itemsKind(info.TypeOf(sel.X))
	}
	t := info.TypeOf(arg)
	if t == nil {
		return ""
	}
	var elem types.Type
	switch t := t.Underlying().(type) {
	case *types.Slice:
		elem = t.Elem()
	case *types.Map:
		elem = t.Elem()
	default:
		return ""
	}
	if obj, _, _ := types.LookupFieldOrMethod(elem, true, nil, "GetFinalizers"); obj == nil {
		return "" // not an object of a kind
	}
	return recognize.TypeKey(elem)
}

// itemsKind returns the kind key of the Items of a list type, or "".
func itemsKind(t types.Type) string {
	if item := recognize.ListItemType(t); item != nil {
		return recognize.TypeKey(item)
	}
	return ""
}

// ClusterPart reports whether objects of type t are, by the Cluster API
// contract, a Cluster's own parts: an infrastructure cluster or a control
// plane (the object has the contract's field of one). A Cluster deletes
// them only once its descendants (clusterDescendants), and what those wait
// for, are gone.
func ClusterPart(t types.Type) bool {
	for _, path := range contractFields["Cluster"] {
		if hasFieldPath(t, path) {
			return true
		}
	}
	return false
}

// IsCluster reports whether key, a kind key ("import/path.Type"), is the
// Cluster of a Cluster API API package.
func IsCluster(key string) bool {
	i := strings.LastIndexByte(key, '.')
	if i < 0 || key[i+1:] != "Cluster" {
		return false
	}
	pkg := key[:i]
	return strings.HasPrefix(pkg, recognize.PkgClusterAPI+"/api/") || strings.HasPrefix(pkg, recognize.PkgClusterAPI+"/exp/api/")
}
