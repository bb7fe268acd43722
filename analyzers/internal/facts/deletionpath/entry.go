package deletionpath

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/setting"
	"github.com/deletionlint/deletionlint/analyzers/settings"
)

// A Role says when a framework's reconciler calls an interface method with
// the object it reconciles, and that a failure of the call keeps the
// object's finalizer: the reconciler returns before it removes it.
type Role uint8

const (
	// RoleNone: not an entry point.
	RoleNone Role = iota
	// RoleAlways: called on every reconcile, also while the object is
	// being deleted, before the finalizer is removed (crossplane-runtime's
	// ExternalConnecter.Connect and ExternalClient.Observe, Config
	// Connector's Model.AdapterForObject).
	RoleAlways
	// RoleDeleting: called only while the object is being deleted, before
	// or as the finalizer removal (ExternalClient.Delete,
	// resource.Finalizer.RemoveFinalizer, an operator's own handler's
	// delete method).
	RoleDeleting
)

func (r Role) String() string {
	switch r {
	case RoleAlways:
		return "always"
	case RoleDeleting:
		return "deleting"
	}
	return "none"
}

// An Entry is an interface method that a reconciler calls with the object
// it reconciles, and whose failure keeps that object's finalizer.
type Entry struct {
	// Iface is the interface, "import/path.Name".
	Iface string
	// Method is the method's name.
	Method string
	Role   Role
	// Caller names, for messages, the function that calls it
	// ("managed.Reconciler.Reconcile"), or is empty when a setting
	// declares the entry.
	Caller string
	// Finalizer is the value of the finalizer the caller removes, when it
	// is a constant, or "".
	Finalizer string
	// Releases is set when the caller removes the finalizer as soon as
	// the method returns without an error (controller-runtime's
	// Finalizer.Finalize): a return with a nil error is the removal.
	Releases bool
}

// entriesFact is the package fact that lists, sorted, the entry points the
// package's reconcilers call: implementations of them in the packages that
// import it are deletion entry points (see Code.EntryPoint).
type entriesFact struct {
	List []Entry
}

// AFact implements analysis.Fact.
func (*entriesFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (e *entriesFact) String() string {
	parts := make([]string, len(e.List))
	for i, x := range e.List {
		parts[i] = x.Iface + "." + x.Method + ":" + x.Role.String()
	}
	return "entries(" + strings.Join(parts, ", ") + ")"
}

// An EntryPoint is a method of the package that implements an Entry.
type EntryPoint struct {
	Entry
	// Object is the type of the object the method is given (the
	// interface's parameter type, such as resource.Managed), or nil.
	Object types.Type
}

// ObjectNoun names, for messages, the object an entry point is given when
// its kind is not known: "the managed resource" for crossplane-runtime's
// resource.Managed, "the object" otherwise.
func (e *EntryPoint) ObjectNoun() string {
	if e != nil && e.Object != nil {
		if n := recognize.Named(e.Object); n != nil && n.Obj().Name() == "Managed" {
			return "the managed resource"
		}
	}
	return "the object"
}

// Interface returns the entry's interface name without its path
// ("ExternalClient").
func (e Entry) Interface() string {
	return e.Iface[strings.LastIndexByte(e.Iface, '.')+1:]
}

// HasEntryPoints reports whether the package implements any entry point.
func (c *Code) HasEntryPoints() bool {
	return c != nil && len(c.entryPoints) > 0
}

// EntryCall reports whether call calls, through its interface, an entry
// point that the package's own reconcilers call and that the package
// implements: its implementations are checked as entry points, so the
// call itself is not looked into. (Implementations only in the packages
// it imports are never checked as entry points, whose facts flow the
// other way: the call is looked into as any other.)
func (c *Code) EntryCall(call *ast.CallExpr) bool {
	if c == nil || len(c.localEntries) == 0 {
		return false
	}
	fn := recognize.Callee(c.Info, call)
	if fn == nil || !recognize.IsInterfaceMethod(fn) || len(c.Implementations(fn)) == 0 {
		return false
	}
	named := recognize.Named(recognize.Receiver(fn))
	if named == nil || named.Obj().Pkg() == nil {
		return false
	}
	key := named.Obj().Pkg().Path() + "." + named.Obj().Name()
	for _, e := range c.localEntries {
		if e.Iface == key && e.Method == fn.Name() {
			return true
		}
	}
	return false
}

// EntryPoint returns what a framework does with fn when fn implements one
// of the entry points (from the package's own reconcilers, the entriesFact
// facts of the packages it imports, or the settings), or nil.
func (c *Code) EntryPoint(fn *types.Func) *EntryPoint {
	if c == nil || fn == nil {
		return nil
	}
	return c.entryPoints[fn.Origin()]
}

// findEntries finds the entry points that the package's own reconcilers
// call: in a function that tests deletion (or is deletion-only) and reaches
// a finalizer removal, each call of an interface method, not a Kubernetes
// library's, that is given a Kubernetes object, may run while the object
// is being deleted and, when it fails, returns without the removal; or is
// itself the removal.
func (c *Code) findEntries() []Entry {
	var out []Entry
	seen := make(map[Entry]bool)
	for _, f := range c.funcs {
		if c.removal[f.Obj] == nil || !f.TestsDeletion() {
			continue
		}
		for _, b := range f.CFG.Blocks {
			if !b.Live || !f.MayDelete(b) {
				continue
			}
			for i, n := range b.Nodes {
				if _, ok := n.(*ast.ReturnStmt); ok {
					continue // the error is handed on: the caller decides
				}
				for _, call := range callsIn(n) {
					e, ok := c.entryCall(f, b, i, n, call)
					if ok && !seen[e] {
						seen[e] = true
						out = append(out, e)
					}
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b Entry) int {
		return strings.Compare(a.Iface+"."+a.Method+a.Role.String(), b.Iface+"."+b.Method+b.Role.String())
	})
	return out
}

// callsIn returns the calls of node n outside function literals.
func callsIn(n ast.Node) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			out = append(out, n)
		}
		return true
	})
	return out
}

// entryCall reports whether call, in node idx of block b of f, calls an
// entry point: its failure returns before the finalizer removal, and the
// removal lies ahead of it (on this pass, or on a later one: a reconciler
// that deletes an external resource requeues to see it gone before it
// removes the finalizer).
func (c *Code) entryCall(f *Func, b *cfg.Block, idx int, n ast.Node, call *ast.CallExpr) (Entry, bool) {
	fn := recognize.Callee(c.Info, call)
	if fn == nil || !recognize.IsInterfaceMethod(fn) || fn.Pkg() == nil || recognize.Library(fn.Pkg().Path(), nil) {
		return Entry{}, false
	}
	named := recognize.Named(recognize.Receiver(fn))
	if named == nil || named.Obj().Pkg() == nil || !givesObject(c.Info, call) {
		return Entry{}, false
	}
	role := RoleAlways
	if f.Deleting(b) {
		role = RoleDeleting
	}
	e := Entry{Iface: named.Obj().Pkg().Path() + "." + named.Obj().Name(), Method: fn.Name(), Role: role, Caller: displayFunc(f.Obj)}
	if r := c.removal[f.Obj]; r != nil && r.Name != nil {
		if tv, ok := c.Info.Types[r.Name]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			e.Finalizer = constant.StringVal(tv.Value)
		}
	}
	if c.ReachesRemoval(call) {
		// The finalizer removal itself (resource.Finalizer's): its
		// implementations run while deleting, and fail before removing.
		return e, role == RoleDeleting
	}
	if !recognize.ReturnsError(fn) || !c.blocksOnFailure(f, b, idx, n, call) {
		return Entry{}, false
	}
	return e, true
}

// givesObject reports whether call is given a Kubernetes object (a value
// with GetFinalizers).
func givesObject(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if HasFinalizers(info.TypeOf(a)) {
			return true
		}
	}
	return false
}

// blocksOnFailure reports whether, after call (in node idx of block b of
// f), the path where its error is not nil returns without the finalizer
// removal, while some path after it reaches the removal.
func (c *Code) blocksOnFailure(f *Func, b *cfg.Block, idx int, n ast.Node, call *ast.CallExpr) bool {
	errVar := errResult(c.Info, n, call)
	if errVar == nil {
		return false
	}
	returns, removes := false, false
	f.Forward(b, idx+1, func(b *cfg.Block, from int) bool {
		stop := c.removalFrom(b, from)
		for i := from; i < len(b.Nodes); i++ {
			if i >= stop {
				removes = true
				return false
			}
			if _, ok := b.Nodes[i].(*ast.ReturnStmt); ok {
				returns = true
				return false
			}
		}
		return true
	}, func(_ *cfg.Block, cond ast.Expr) []int {
		v, ok := Eval(cond, func(a ast.Expr) (bool, bool) {
			x, whenNil, ok := recognize.NilTest(c.Info, a)
			if !ok {
				return false, false
			}
			switch v := RootVar(c.Info, x); {
			case v == errVar:
				return !whenNil, true // the call failed
			case v != nil && recognize.IsError(v.Type()):
				return whenNil, true // another call's error: follow its success
			}
			return false, false
		})
		if !ok {
			return nil
		}
		return []int{boolEdge(v)}
	})
	return returns && !removes && c.beforeRemoval(f, b, idx)
}

// errResult returns the variable that node n assigns call's error to
// (err in err := call(...), x, err := call(...), if err := call(...); ...),
// or nil.
func errResult(info *types.Info, n ast.Node, call *ast.CallExpr) types.Object {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call || len(as.Lhs) == 0 {
		return nil
	}
	v := RootVar(info, as.Lhs[len(as.Lhs)-1])
	if v == nil || !recognize.IsError(v.Type()) {
		return nil
	}
	return v
}

// beforeRemoval reports whether node idx of block b of f can be reached
// from f's entry without passing a finalizer removal: a failure there keeps
// the finalizer (a call after the removal, or after an earlier removal of
// the finalizer, does not).
func (c *Code) beforeRemoval(f *Func, b *cfg.Block, idx int) bool {
	if len(f.CFG.Blocks) == 0 {
		return false
	}
	found := false
	f.Forward(f.CFG.Blocks[0], 0, func(x *cfg.Block, from int) bool {
		stop := c.removalFrom(x, from)
		if x == b {
			found = found || stop >= idx
			return false
		}
		return !found && stop == len(x.Nodes)
	}, nil)
	return found
}

// removalFrom returns the index of the first node of b from index from on
// that reaches a finalizer removal, or len(b.Nodes).
func (c *Code) removalFrom(b *cfg.Block, from int) int {
	i := c.RemovalIndex(b)
	if i >= from {
		return i
	}
	for i = from; i < len(b.Nodes) && !c.ReachesRemoval(b.Nodes[i]); i++ {
	}
	return i
}

// displayFunc names fn for messages: "pkg.Func" or "pkg.Type.Method".
func displayFunc(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if n := recognize.Named(recognize.Receiver(fn)); n != nil {
		return fn.Pkg().Name() + "." + n.Obj().Name() + "." + fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// known are entry points that cannot be worked out from their framework's
// code. controller-runtime's finalizer.Finalizers.Finalize runs each
// registered Finalizer's Finalize only while the object is being deleted
// and removes that finalizer only when it succeeds; a failure is collected
// with the others' rather than returned at once, so findEntries, which
// looks for a return on failure, does not see it.
var known = []Entry{
	{Iface: recognize.PkgFinalizer + ".Finalizer", Method: "Finalize", Role: RoleDeleting, Caller: "finalizer.Finalizers.Finalize", Releases: true},
}

// collectEntryPoints finds the package's methods that implement an entry
// point: of the package's own reconcilers (local), of the packages it
// imports (their entriesFact), or declared by the entry-points and
// deletion-entry-points settings, as interface methods
// "import/path.Interface.Method" (the path may be a suffix) of frameworks
// whose code deletionlint does not analyse: methods called on every
// reconcile, deletion included, and methods called only while deleting. A
// failure of either keeps the object's finalizer.
func (c *Code) collectEntryPoints(pass *analysis.Pass, local []Entry, shared *settings.Shared) {
	byName := make(map[string][]Entry)
	add := func(e Entry) { byName[e.Method] = append(byName[e.Method], e) }
	for _, e := range local {
		add(e)
	}
	for _, e := range known {
		add(e)
	}
	for _, pf := range pass.AllPackageFacts() {
		if es, ok := pf.Fact.(*entriesFact); ok && pf.Package != pass.Pkg {
			for _, e := range es.List {
				add(e)
			}
		}
	}
	for _, s := range []struct {
		names *setting.Names
		role  Role
	}{{shared.EntryPoints, RoleAlways}, {shared.DeletionEntryPoints, RoleDeleting}} {
		for _, v := range s.names.Values() {
			dot := strings.LastIndexByte(v, '.')
			add(Entry{Iface: v[:dot], Method: v[dot+1:], Role: s.role})
		}
	}
	if len(byName) == 0 {
		return
	}
	ifaces := make(map[string]*types.Named) // by Iface; nil when not found
	for _, f := range c.funcs {
		recv := recognize.Receiver(f.Obj)
		es := byName[f.Obj.Name()]
		if recv == nil || len(es) == 0 || types.IsInterface(recv) {
			continue
		}
		var best *EntryPoint
		for _, e := range es {
			iface, ok := ifaces[e.Iface]
			if !ok {
				iface = findInterface(pass.Pkg, e.Iface)
				ifaces[e.Iface] = iface
			}
			if iface == nil || !implementsNamed(recv, iface) {
				continue
			}
			// Always wins over Deleting: a method the framework calls
			// on every pass is not deletion code.
			if best == nil || e.Role == RoleAlways && best.Role != RoleAlways {
				best = &EntryPoint{Entry: e, Object: objectParam(iface, e.Method)}
			}
		}
		if best != nil {
			if c.entryPoints == nil {
				c.entryPoints = make(map[*types.Func]*EntryPoint)
			}
			c.entryPoints[f.Obj] = best
		}
	}
}

// findInterface finds the named interface key ("import/path.Name", the path
// possibly a suffix) among pkg and the packages it imports, or nil.
func findInterface(pkg *types.Package, key string) *types.Named {
	dot := strings.LastIndexByte(key, '.')
	if dot < 0 {
		return nil
	}
	path, name := key[:dot], key[dot+1:]
	seen := make(map[*types.Package]bool)
	var find func(p *types.Package) *types.Named
	find = func(p *types.Package) *types.Named {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if recognize.PathIs(p.Path(), path) {
			if tn, ok := p.Scope().Lookup(name).(*types.TypeName); ok {
				if n := recognize.Named(tn.Type()); n != nil && types.IsInterface(n) {
					return n
				}
			}
			return nil
		}
		for _, imp := range p.Imports() {
			if n := find(imp); n != nil {
				return n
			}
		}
		return nil
	}
	return find(pkg)
}

// implementsNamed reports whether the concrete type t, or a pointer to it,
// implements the named interface iface. A generic interface is implemented
// when t has every one of its methods by name.
func implementsNamed(t types.Type, iface *types.Named) bool {
	it, _ := iface.Underlying().(*types.Interface)
	if it == nil {
		return false
	}
	if iface.TypeParams().Len() == 0 || iface.TypeArgs().Len() > 0 {
		return recognize.Implements(t, it)
	}
	ms := types.NewMethodSet(types.NewPointer(t))
	for i := range it.NumMethods() {
		m := it.Method(i)
		if ms.Lookup(m.Pkg(), m.Name()) == nil {
			return false
		}
	}
	return true
}

// objectParam returns the type of the first parameter of the interface's
// method that is a Kubernetes object, or nil.
func objectParam(iface *types.Named, method string) types.Type {
	it, _ := iface.Underlying().(*types.Interface)
	if it == nil {
		return nil
	}
	for i := range it.NumMethods() {
		m := it.Method(i)
		if m.Name() != method {
			continue
		}
		sig := m.Type().(*types.Signature)
		for j := range sig.Params().Len() {
			if t := sig.Params().At(j).Type(); HasFinalizers(t) {
				return t
			}
		}
	}
	return nil
}

// OwnRemovalIndex returns the index of the first node of block b of the
// entry point f that releases the finalizer of the object f is given (a
// parameter, or a variable holding it as another type: obj :=
// mg.(*v1.Bucket)), or len(b.Nodes). A removal of another object's
// finalizer (one f reads, one a callback of f is handed) is not f's.
func (c *Code) OwnRemovalIndex(f *Func, b *cfg.Block) int {
	if c == nil || f == nil || b == nil {
		return 0
	}
	own := c.ownObjects(f)
	for i, n := range b.Nodes {
		if c.ownRemoval(n, own) != nil {
			return i
		}
	}
	return len(b.Nodes)
}

// OwnRemoval returns the first removal (in source order) of the finalizer
// of the object the entry point f is given (see OwnRemovalIndex), or nil.
func (c *Code) OwnRemoval(f *Func) *recognize.FinalizerRemoval {
	if c == nil || f == nil {
		return nil
	}
	return c.ownRemoval(f.Decl.Body, c.ownObjects(f))
}

// ownObjects returns f's parameters that are Kubernetes objects and the
// local variables that hold one of them under another type: found in Run
// for the entry points, and otherwise on each call.
func (c *Code) ownObjects(f *Func) map[types.Object]bool {
	if f.own != nil {
		return f.own
	}
	return c.findOwnObjects(f)
}

func (c *Code) findOwnObjects(f *Func) map[types.Object]bool {
	own := make(map[types.Object]bool)
	for v := range paramVars(c.Info, f.Decl) {
		if HasFinalizers(v.Type()) && !isReceiver(c.Info, f.Decl, v) {
			own[v] = true
		}
	}
	if c.values == nil {
		return own
	}
	for cur := range f.body.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			continue
		}
		if ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr); ok && own[RootVar(c.Info, ta.X)] {
			if v := RootVar(c.Info, as.Lhs[0]); v != nil {
				own[v] = true
			}
		}
	}
	return own
}

func isReceiver(info *types.Info, fd *ast.FuncDecl, v types.Object) bool {
	if fd.Recv == nil {
		return false
	}
	for _, field := range fd.Recv.List {
		for _, id := range field.Names {
			if info.Defs[id] == v {
				return true
			}
		}
	}
	return false
}

// ownRemoval returns the first removal in n of the finalizer of one of own:
// a removal call or assignment on it, or a call that hands it to a function (or an
// interface method) that releases the finalizer of an object passed in.
func (c *Code) ownRemoval(n ast.Node, own map[types.Object]bool) *recognize.FinalizerRemoval {
	var found *recognize.FinalizerRemoval
	ast.Inspect(n, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if r, ok := recognize.AsFinalizerEdit(c.Info, n); ok {
			if r.Object != nil && own[RootVar(c.Info, r.Object)] {
				found = &r
			}
			return found == nil
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := recognize.Callee(c.Info, call)
		if fn == nil || !passesParam(c.Info, call, own) {
			return true
		}
		if c.releases[fn.Origin()] || c.byObj[fn.Origin()] == nil && (c.elsewhereFact(call, fn) != nil || c.localImplementationReleases(fn)) {
			found = &recognize.FinalizerRemoval{Call: call, Name: stringArg(c.Info, call)}
		}
		return found == nil
	})
	return found
}

// stringArg returns the only argument of call of type string (the
// finalizer a helper such as meta.RemoveFinalizer(obj, name) removes), or
// nil.
func stringArg(info *types.Info, call *ast.CallExpr) ast.Expr {
	var found ast.Expr
	for _, a := range call.Args {
		if b, ok := info.TypeOf(a).(*types.Basic); ok && b.Info()&types.IsString != 0 {
			if found != nil {
				return nil
			}
			found = a
		}
	}
	return found
}
