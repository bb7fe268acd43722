package deletionpath

import (
	"go/ast"
	"go/types"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// finalizesFact is the fact of a function that adds a finalizer to objects
// of some kinds, or removes one from them, itself or through what it calls:
// a helper of another package that protects the Secret a spec names with
// its caller's finalizer (getting the Secret, adding the finalizer,
// updating it), and its counterpart that releases it; or one that adds a
// finalizer to an object it is given (Cluster API's EnsureFinalizer,
// crossplane-runtime's AddFinalizer), whose kind each call names.
type finalizesFact struct {
	// Adds and Removes are the kinds (see children.Kind), sorted.
	Adds, Removes []string
	// AddParams are the indexes of the parameters (the receiver
	// excluded) holding objects it adds a finalizer to, sorted.
	AddParams []int
}

// AFact implements analysis.Fact.
func (*finalizesFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (f *finalizesFact) String() string {
	s := "finalizes"
	if len(f.Adds) > 0 {
		s += " adds " + strings.Join(f.Adds, ",")
	}
	if len(f.AddParams) > 0 {
		p := make([]string, len(f.AddParams))
		for i, x := range f.AddParams {
			p[i] = strconv.Itoa(x)
		}
		s += " adds param " + strings.Join(p, ",")
	}
	if len(f.Removes) > 0 {
		s += " removes " + strings.Join(f.Removes, ",")
	}
	return s
}

// finalizing is what a function does to the finalizers of objects by kind:
// for each kind it adds a finalizer to (removes one from), the first call
// of the function that does, itself or through its callees; and for each
// of its parameters that holds an object it adds a finalizer to, that
// call.
type finalizing struct {
	adds, removes map[string]*ast.CallExpr
	addParams     map[int]*ast.CallExpr
	params        map[types.Object]int // the function's parameters, by index
	// released are the kinds of the objects whose finalizer it removes
	// through a remover of another package (a removesFinalizerFact), and
	// anyKind says that some removal's object has no known kind.
	released map[string]bool
	anyKind  bool
}

// foldReleased records that f's call of a function that does g runs its
// removals, and reports whether that is new.
func (s *finalizing) foldReleased(g *finalizing) bool {
	changed := g.anyKind && !s.anyKind
	s.anyKind = s.anyKind || g.anyKind
	for k := range g.released {
		if !s.released[k] {
			s.released[k], changed = true, true
		}
	}
	return changed
}

// removedKinds returns the kinds (as kinds compares them) of every object
// whose finalizer the function removes, sorted, or nil when it removes
// none or one of a kind not known.
func (s *finalizing) removedKinds(kinds *groupkind.Index) []string {
	if s == nil || s.anyKind {
		return nil
	}
	var out []string
	for k := range s.removes {
		out = append(out, kinds.Key(k))
	}
	for k := range s.released {
		out = append(out, k)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// addTo records that call adds a finalizer to the object obj (an argument
// of it, or of a call it makes), and reports whether that is new.
func (s *finalizing) addTo(info *types.Info, obj ast.Expr, call *ast.CallExpr) bool {
	changed := record(s.adds, objkind.Of(info.TypeOf(obj)), call)
	if i, ok := s.params[RootVar(info, obj)]; ok && s.addParams[i] == nil {
		s.addParams[i] = call
		changed = true
	}
	return changed
}

// fold records what call does when it runs a function that adds a
// finalizer to objects of the kinds adds and to its arguments addParams,
// and removes one from objects of the kinds removes; it reports whether
// that is new.
func (s *finalizing) fold(info *types.Info, call *ast.CallExpr, adds, removes iter.Seq[string], addParams iter.Seq[int]) bool {
	changed := false
	for k := range adds {
		changed = record(s.adds, k, call) || changed
	}
	for k := range removes {
		changed = record(s.removes, k, call) || changed
	}
	for i := range addParams {
		if a := argOr(call, i, nil); a != nil {
			changed = s.addTo(info, a, call) || changed
		}
	}
	return changed
}

// AddsFinalizer reports whether call adds a finalizer to some object:
// it is an add itself, or a call of a function (of the package, of another
// by its fact) that adds one, to an object of any kind or to one it is
// given.
func (c *Code) AddsFinalizer(call *ast.CallExpr) bool {
	if c == nil || call == nil {
		return false
	}
	if recognize.IsFinalizerAdd(c.Info, call) {
		return true
	}
	fn := recognize.Callee(c.Info, call)
	if fn == nil {
		return false
	}
	if c.addsSome(fn.Origin()) {
		return true
	}
	// A call of an interface method runs one of its implementations in
	// scope: it may add when one does (a manager's SetFinalizer behind
	// the interface a factory returns).
	for _, impl := range c.Implementations(fn) {
		if c.addsSome(impl) {
			return true
		}
	}
	for _, impl := range c.finalizesImpls.Implementing(fn) {
		if c.addsSome(impl) {
			return true
		}
	}
	return false
}

// addsSome reports whether fn, a function of the package or one of another
// with a fact, adds a finalizer to some object.
func (c *Code) addsSome(fn *types.Func) bool {
	if s := c.finalizing[fn]; s != nil {
		return len(s.adds)+len(s.addParams) > 0
	}
	f := c.finalizesElsewhere[fn]
	return f != nil && len(f.Adds)+len(f.AddParams) > 0
}

// Finalizes returns the calls of fn, a function of the package, that add a
// finalizer to an object of kind and that remove one from such an object,
// themselves or through the functions they call (of the package, of others
// by their facts, or the package's implementations of an interface method):
// both are set when fn's code protects objects of that kind with a
// finalizer of its own and releases them. kind is a children.Kind key.
func (c *Code) Finalizes(fn *types.Func, kind string) (add, remove *ast.CallExpr) {
	if c == nil || fn == nil || kind == "" {
		return nil, nil
	}
	s := c.finalizing[fn.Origin()]
	if s == nil {
		return nil, nil
	}
	return s.adds[kind], s.removes[kind]
}

// FinalizedKinds returns the kinds (children.Kind keys) that the package's
// functions add a finalizer to, themselves or through what they call, each
// with the first function (in source order) that does.
func (c *Code) FinalizedKinds() map[string]*types.Func {
	out := make(map[string]*types.Func)
	for _, f := range c.Funcs() {
		if s := c.finalizing[f.Obj]; s != nil {
			for k := range s.adds {
				if out[k] == nil {
					out[k] = f.Obj
				}
			}
		}
	}
	return out
}

// FinalizerCall follows call, one of fn's that Finalizes returned, down the
// package's functions to the call that adds (or removes) the finalizer
// itself, or to the call of another package's function that does: the call
// whose words name the protection.
func (c *Code) FinalizerCall(call *ast.CallExpr, kind string, add bool) *ast.CallExpr {
	seen := make(map[*types.Func]bool)
	for call != nil {
		fn := recognize.Callee(c.Info, call)
		if fn == nil || c.byObj[fn.Origin()] == nil || seen[fn.Origin()] {
			return call
		}
		seen[fn.Origin()] = true
		s := c.finalizing[fn.Origin()]
		if s == nil {
			return call
		}
		next := s.removes[kind]
		if add {
			next = s.adds[kind]
		}
		if next == nil {
			return call
		}
		call = next
	}
	return call
}

// findFinalizing computes what each function of the package adds and
// removes finalizers on, to a fixed point, and exports it as facts.
func (c *Code) findFinalizing(pass *analysis.Pass) {
	c.finalizing = make(map[*types.Func]*finalizing)
	c.finalizesElsewhere = make(map[*types.Func]*finalizesFact)
	c.finalizesImpls = callees.Imported(pass, func(f analysis.Fact) bool {
		_, ok := f.(*finalizesFact)
		return ok
	})
	calls := make(map[*types.Func][]finalizingCall)
	for _, f := range c.funcs {
		c.finalizing[f.Obj], calls[f.Obj] = c.scanFinalizing(pass, f)
	}
	fixpoint.Solve(c.funcs, func(f *Func) bool {
		s := c.finalizing[f.Obj]
		changed := false
		for _, cs := range calls[f.Obj] {
			for _, g := range cs.fns {
				if t := c.finalizing[g]; t != nil {
					changed = s.fold(c.Info, cs.call, maps.Keys(t.adds), maps.Keys(t.removes), maps.Keys(t.addParams)) || changed
					changed = s.foldReleased(t) || changed
				}
			}
		}
		return changed
	})
	c.removedKinds = make(map[*types.Func][]string)
	for _, f := range c.funcs {
		c.removedKinds[f.Obj] = c.finalizing[f.Obj].removedKinds(c.kinds)
	}
	for _, f := range c.funcs {
		s := c.finalizing[f.Obj]
		if !f.Obj.Exported() || len(s.adds)+len(s.removes)+len(s.addParams) == 0 {
			continue
		}
		pass.ExportObjectFact(f.Obj, &finalizesFact{
			Adds:      slices.Sorted(maps.Keys(s.adds)),
			Removes:   slices.Sorted(maps.Keys(s.removes)),
			AddParams: slices.Sorted(maps.Keys(s.addParams)),
		})
	}
}

// A finalizingCall is a call of f that may run functions of the package.
type finalizingCall struct {
	call *ast.CallExpr
	fns  []*types.Func
}

// scanFinalizing returns what f's own adds and removals, and its calls of
// other packages' functions (by their facts), do to finalizers, and its
// calls that may run functions of the package, to be folded in.
func (c *Code) scanFinalizing(pass *analysis.Pass, f *Func) (*finalizing, []finalizingCall) {
	s := &finalizing{adds: map[string]*ast.CallExpr{}, removes: map[string]*ast.CallExpr{}, addParams: map[int]*ast.CallExpr{}, params: paramIndexes(c.Info, f.Decl), released: map[string]bool{}}
	var calls []finalizingCall
	for cur := range f.body.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if recognize.IsFinalizerAdd(c.Info, call) {
			if obj, _, _ := addOperands(c.Info, call); obj != nil {
				s.addTo(c.Info, obj, call)
			}
			continue
		}
		if r, ok := recognize.AsFinalizerRemoval(c.Info, call); ok {
			kind := ""
			if r.Object != nil {
				kind = objkind.Of(c.Info.TypeOf(r.Object))
			}
			record(s.removes, kind, call)
			s.anyKind = s.anyKind || kind == ""
			continue
		}
		fn := recognize.Callee(c.Info, call)
		if fn == nil {
			continue
		}
		fn = fn.Origin()
		if fact := c.elsewhereFact(call, fn); fact != nil && c.byObj[fn] == nil {
			c.foldRemover(s, call, fact)
		}
		if obj := c.appliedAdd(pass, call, fn); obj != nil {
			s.addTo(c.Info, obj, call)
		}
		if c.byObj[fn] != nil {
			calls = append(calls, finalizingCall{call, []*types.Func{fn}})
			continue
		}
		if fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
			fact := new(finalizesFact)
			if pass.ImportObjectFact(fn, fact) {
				c.finalizesElsewhere[fn] = fact
				s.fold(c.Info, call, slices.Values(fact.Adds), slices.Values(fact.Removes), slices.Values(fact.AddParams))
			}
		}
		if impls := c.Implementations(fn); len(impls) > 0 {
			calls = append(calls, finalizingCall{call, impls})
		}
		// The implementations of other packages, by their facts.
		for _, impl := range c.finalizesImpls.Implementing(fn) {
			fact := new(finalizesFact)
			if pass.ImportObjectFact(impl, fact) {
				c.finalizesElsewhere[impl] = fact
				s.fold(c.Info, call, slices.Values(fact.Adds), slices.Values(fact.Removes), slices.Values(fact.AddParams))
			}
		}
	}
	return s, calls
}

// foldRemover records in s the kinds that call, a call of a remover of
// another package (or of an interface method one of whose implementations
// there is one) with fact, releases: those its fact names, else the kind
// of the object it is given.
func (c *Code) foldRemover(s *finalizing, call *ast.CallExpr, fact *removesFinalizerFact) {
	kinds := fact.Kinds
	if a := argOr(call, fact.ObjectParam-1, nil); a != nil {
		if k := objkind.Of(c.Info.TypeOf(a)); k != "" {
			// The object it is given: a removal from an object of
			// that kind, as a removal in the function's body is.
			record(s.removes, k, call)
			if len(kinds) == 0 {
				kinds = []string{c.kinds.Key(k)}
			}
		}
	}
	if len(kinds) == 0 {
		s.anyKind = true
	}
	for _, k := range kinds {
		s.released[k] = true
	}
}

// appliedAdd returns the object argument of call, a call of fn, a function
// of another package with an appliesFact, when it is given a function of
// another package that adds a finalizer to the argument the object is
// applied as (ManageFinalizer(ctx, c, team, SetFinalizer)): the call adds
// a finalizer to that object. It returns nil otherwise.
func (c *Code) appliedAdd(pass *analysis.Pass, call *ast.CallExpr, fn *types.Func) ast.Expr {
	if fn.Pkg() == nil || fn.Pkg() == pass.Pkg || call.Ellipsis.IsValid() {
		return nil
	}
	var a appliesFact
	if !pass.ImportObjectFact(fn, &a) || a.FuncParam >= len(call.Args) || a.ObjectParam >= len(call.Args) {
		return nil
	}
	op, _ := c.Info.Uses[recognize.NameOf(call.Args[a.FuncParam])].(*types.Func)
	var f finalizesFact
	if op == nil || op.Pkg() == pass.Pkg || !pass.ImportObjectFact(op.Origin(), &f) || !slices.Contains(f.AddParams, a.Arg) {
		return nil
	}
	return call.Args[a.ObjectParam]
}

// paramIndexes returns the parameters of fd (the receiver excluded) by
// their index.
func paramIndexes(info *types.Info, fd *ast.FuncDecl) map[types.Object]int {
	return recognize.ParamIndexes(info, fd.Type)
}

// record notes call as the first to reach kind, and reports whether that is
// new.
func record(m map[string]*ast.CallExpr, kind string, call *ast.CallExpr) bool {
	if kind == "" || m[kind] != nil {
		return false
	}
	m[kind] = call
	return true
}
