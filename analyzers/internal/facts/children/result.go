package children

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"sync"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// A Child is a controlled child found in the package being analysed.
type Child struct {
	// Kind is the child's kind ("import/path.Name").
	Kind string
	// Owner is the owner's kind, or "" when unknown.
	Owner string
	// At is where the owner reference is set: the call or assignment that
	// sets it, or the call of the helper that does.
	At ast.Node
	// Via is the helper that sets the reference when At is its call (a
	// function of this package or, through facts, of another), or nil;
	// ViaPos is where in it the reference is set, or its declaration.
	Via    *types.Func
	ViaPos token.Pos
	// SetBy is the function, deeper in Via's chain of calls, that sets
	// the reference, when Via does through a helper of its own: SetAt is
	// where (in a file of another package, when the chain leads there).
	SetBy string
	SetAt token.Pos
	// Blocks reports, for a child of PlainOfReconciler, that its plain
	// owner reference sets blockOwnerDeletion, or may.
	Blocks bool
}

// via is the helper called where a reference is set (see Child.Via).
type via struct {
	fn  *types.Func
	pos token.Pos
	// set is the function at the end of fn's chain of calls that sets
	// the reference, when it is not fn itself.
	set site
}

// A site is a function that sets an owner reference, by the name a
// finding shows and by identity (see Site), and where: pos, or posn for a
// position that a fact carried from another package.
type site struct {
	fn, id string
	pos    token.Pos
	posn   string
}

// siteOf returns the site of the function fn at pos.
func siteOf(fn *types.Func, pos token.Pos) site {
	return site{fn: recognize.DisplayName(fn), id: fn.FullName(), pos: pos}
}

// sitePos returns the position in the pass's file set of a site that a
// fact carried as text, once per site: posn.Pos looks the file up among
// all those of the set.
func (r *Result) sitePos(s string) token.Pos {
	r.mu.Lock()
	defer r.mu.Unlock()
	pos, ok := r.sites[s]
	if !ok {
		if r.sites == nil {
			r.sites = make(map[string]token.Pos)
		}
		pos = posn.Pos(r.state.pass.Fset, s)
		r.sites[s] = pos
	}
	return pos
}

// innermost returns the function at the end of v's chain.
func (v via) innermost() site {
	if v.set.fn != "" {
		return v.set
	}
	return siteOf(v.fn, v.pos)
}

// child returns the Child of kind owned at the node at through v.
func (r *Result) child(k KindOwn, at ast.Node, v via, blocks bool) Child {
	c := Child{Kind: k.Child, Owner: k.Owner, At: at, Via: v.fn, ViaPos: v.pos, Blocks: blocks}
	if v.fn != nil && v.set.fn != "" {
		c.SetBy, c.SetAt = v.set.fn, v.set.pos
		if !c.SetAt.IsValid() {
			c.SetAt = r.sitePos(v.set.posn)
		}
		if v.set.id == v.fn.FullName() && c.SetAt.IsValid() {
			// Via sets it itself: the line, not the declaration.
			c.ViaPos, c.SetBy, c.SetAt = c.SetAt, "", token.NoPos
		}
	}
	return c
}

// A viaKey is a node where a child kind gets its reference: a call through
// an interface runs several implementations, each setting its own kinds'
// references through a helper of its own.
type viaKey struct {
	at   ast.Node
	kind string
}

// Result answers questions about the functions of the package. It is
// complete when Run returns (the facts of the functions of other packages
// it refers to are read there), immutable, and safe for concurrent use.
type Result struct {
	funcs map[*types.Func]*summary
	// kinds says when two kind keys are one kind (their GroupKind): an
	// owner reference made with one API version's type is to the kind a
	// controller reconciles through another's.
	kinds *groupkind.Index
	// shared are the kinds that code in scope (this package, and its
	// dependencies through their facts) makes controlled by, or owned by,
	// an object whose kind it does not know: see ownership.
	shared map[string]bool
	// createsElsewhere holds the functions of other packages the package
	// refers to whose facts say they create objects (see CreatesAny).
	createsElsewhere map[*types.Func]bool
	// selfDeleting are the kinds, as groupkind keys, that code in scope
	// gives a time to live after they finish (see SelfDeleting).
	selfDeleting map[string]bool
	// owners are the pairs of kinds, as groupkind keys, that code in
	// scope makes owner and dependent (see Owns).
	owners map[[2]string]bool
	// state answers KindsOf once the run is over; locals memoises it,
	// under mu: the rules that share the result may ask at once.
	state  *state
	mu     sync.Mutex
	locals map[*funcInfo]*locals
	// sites memoises, under mu, the positions of the sites that facts
	// carried as text (see sitePos).
	sites map[string]token.Pos
}

// KindsOf returns the kinds (kind keys, see Kind) the object expression e
// of the function fn of this package may hold: its static kind, or, for a
// value of interface or unstructured type, what the variables it reads are
// assigned (literals, a map or slice literal's elements, the elements
// appended to a slice or ranged over, the results of functions that return
// objects of known kinds, here or by facts), sorted; for a parameter of a
// function only the package calls (values.Index.Arguments), the kinds its
// callers pass, when every one is known; nil when none is known (a value
// set at run time, a parameter of an exported function).
//
// Only this query reads callers: a function's summary stays what it does
// for any caller, so that a helper two reconcilers call with different
// kinds is not taken to create both for each.
func (r *Result) KindsOf(fn *types.Func, e ast.Expr) []string {
	if r == nil || r.state == nil || fn == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.kindsOf(fn, e, 0)
}

// kindsOf is KindsOf under r.mu; depth bounds the callers followed.
func (r *Result) kindsOf(fn *types.Func, e ast.Expr, depth int) []string {
	a := r.state
	fi := a.byFunc[fn.Origin()]
	if fi == nil {
		return nil
	}
	l := r.locals[fi]
	if l == nil {
		l = a.buildLocals(fi, true)
		r.locals[fi] = l
	}
	// A recursive helper comes back here for the same locals, deeper:
	// each level reads callers at its own depth.
	prev := l.callerKinds
	defer func() { l.callerKinds = prev }()
	l.callerKinds = nil
	if depth < 3 {
		l.callerKinds = func(v *types.Var) []string { return r.callerKinds(v, depth) }
	}
	return a.kindsOf(l, e, make(map[*types.Var]bool))
}

// callerKinds returns the kinds the callers of v's function pass for the
// parameter v (values.Index.Arguments), or nil when one is not known.
func (r *Result) callerKinds(v *types.Var, depth int) []string {
	a := r.state
	args, ok := a.values.Arguments(v)
	if !ok {
		return nil
	}
	var out []string
	for _, arg := range args {
		var caller *types.Func
		if arg.Func != nil {
			caller, _ = a.pass.TypesInfo.Defs[arg.Func.Name].(*types.Func)
		}
		if caller == nil {
			return nil
		}
		ks := r.kindsOf(caller, arg.Expr, depth+1)
		if len(ks) == 0 {
			return nil // one caller's kind not known: none is
		}
		out = append(out, ks...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Creates reports whether fn, a function of the package, creates or
// applies objects of kind (directly or through its callees).
func (r *Result) Creates(fn *types.Func, kind string) bool {
	if r == nil || fn == nil {
		return false
	}
	s := r.funcs[fn.Origin()]
	return s != nil && s.created[kind]
}

// Controlled returns the kinds that fn, a function of the package, gives
// a controller owner reference to an owner of kind owner (directly or
// through its callees), sorted.
func (r *Result) Controlled(fn *types.Func, owner string) []string {
	if r == nil || fn == nil || owner == "" {
		return nil
	}
	s := r.funcs[fn.Origin()]
	if s == nil {
		return nil
	}
	var kinds []string
	for k := range s.owned {
		if !k.Plain && r.same(k.Owner, owner) {
			kinds = append(kinds, k.Child)
		}
	}
	slices.Sort(kinds)
	return slices.Compact(kinds)
}

// RefKinds returns the kinds of the objects into which call, a call of a
// function of the package, puts the owner reference it passes as its
// argument ref (directly or through the callee's callees): kinds the
// callee makes, or the kind of the object the call passes it for that
// (AddOwnerRef(obj, ref)); sorted, and nil when it puts it in none or one
// of a kind unknown here.
func (r *Result) RefKinds(info *types.Info, call *ast.CallExpr, ref int) []string {
	fn := recognize.Callee(info, call)
	if r == nil || fn == nil {
		return nil
	}
	s := r.funcs[fn.Origin()]
	if s == nil {
		return nil
	}
	var kinds []string
	for rp := range s.refParams {
		if rp.Ref != ref {
			continue
		}
		kind := rp.Child
		if kind == "" && rp.ChildField == "" && rp.ChildParam >= 0 && rp.ChildParam < len(call.Args) {
			kind = objkind.Of(info.TypeOf(call.Args[rp.ChildParam]))
		}
		if kind == "" {
			return nil
		}
		kinds = append(kinds, kind)
	}
	slices.Sort(kinds)
	return slices.Compact(kinds)
}

// CreatesAny reports whether fn (of the package, or of another package
// that the package refers to, through its fact) creates or applies any
// object of a known kind, or any object passed to it.
func (r *Result) CreatesAny(fn *types.Func) bool {
	if r == nil || fn == nil {
		return false
	}
	fn = fn.Origin()
	if s := r.funcs[fn]; s != nil {
		return len(s.created) > 0 || len(s.createdParams) > 0
	}
	return r.createsElsewhere[fn]
}

// OfReconciler returns the controlled children of the reconciler type recv
// (a named type of the package, or a pointer to one) reconciling objects of
// kind reconciled: kinds that its methods (promoted ones included) and their
// callees give a controller owner reference, whose owner is the reconciled
// kind or unknown, and that they create or apply. Each kind is given once, at the
// first place its owner is set, sorted by that position. The reconciled
// kind itself is not a child.
func (r *Result) OfReconciler(recv types.Type, reconciled string) []Child {
	owned := make(map[string]Child)
	created := make(map[string]bool)
	for _, s := range r.methodSummaries(recv) {
		for k, at := range s.owned {
			if k.Plain || r.same(k.Child, reconciled) || (k.Owner != "" && !r.same(k.Owner, reconciled)) {
				continue
			}
			if prev, ok := owned[k.Child]; !ok || at.Pos() < prev.At.Pos() {
				owned[k.Child] = r.child(k, at, s.via[viaKey{at, k.Child}], false)
			}
		}
		for k := range s.created {
			created[k] = true
		}
	}
	var out []Child
	for kind, c := range owned {
		if created[kind] {
			out = append(out, c)
		}
	}
	sortChildren(out)
	return out
}

// CreatedByReconciler returns the kinds that the methods of the reconciler
// type recv (a named type of the package, or a pointer to one) create or
// apply, directly or through their callees, and whether they create or
// apply objects of a kind not known here; ok is false when none of its
// methods is a function of the package: nothing is known.
func (r *Result) CreatedByReconciler(recv types.Type) (kinds map[string]bool, unknown, ok bool) {
	kinds = make(map[string]bool)
	for _, s := range r.methodSummaries(recv) {
		ok = true
		for k := range s.created {
			kinds[k] = true
		}
		unknown = unknown || s.createdUnknown
	}
	return kinds, unknown, ok
}

// PlainOfReconciler returns the children of the reconciler type recv
// reconciling objects of kind reconciled that its methods (and their
// callees) create and give a plain owner reference (not a controller
// reference) to that very kind, and no controller reference and no
// reference to any other owner: objects made for one owner, whose
// reference is in fact control. Owns, which matches controller
// references only, never fires for them, and a foreground deletion of the
// owner does not wait for them. Sorted as OfReconciler sorts.
func (r *Result) PlainOfReconciler(recv types.Type, reconciled string) []Child {
	plain := make(map[string]Child)
	excluded := make(map[string]bool) // controlled, or with another owner
	created := make(map[string]bool)
	for _, s := range r.methodSummaries(recv) {
		for k, at := range s.owned {
			switch {
			case r.same(k.Child, reconciled):
			case !k.Plain || !r.same(k.Owner, reconciled):
				excluded[k.Child] = true
			default:
				// The first place that does not block, if any: that is
				// the one blockownerdeletion reports.
				prev, ok := plain[k.Child]
				if !ok || prev.Blocks && !k.Blocks || prev.Blocks == k.Blocks && at.Pos() < prev.At.Pos() {
					plain[k.Child] = r.child(k, at, s.via[viaKey{at, k.Child}], k.Blocks)
				}
			}
		}
		for k := range s.created {
			created[k] = true
		}
	}
	var out []Child
	for kind, c := range plain {
		if created[kind] && !excluded[kind] && !r.shared[kind] {
			out = append(out, c)
		}
	}
	sortChildren(out)
	return out
}

// methodSummaries returns the summaries of the methods of the reconciler
// type recv (a named type of the package, or a pointer to one, promoted
// methods included) that are functions of the package.
func (r *Result) methodSummaries(recv types.Type) []*summary {
	n := recognize.Named(recognize.Unpointer(recv))
	if r == nil || n == nil {
		return nil
	}
	var out []*summary
	for _, m := range Methods(n) {
		if s := r.funcs[m]; s != nil {
			out = append(out, s)
		}
	}
	return out
}

// same reports whether the kind keys a and b name one kind.
func (r *Result) same(a, b string) bool {
	return a == b || r.kinds.Key(a) == r.kinds.Key(b)
}

func sortChildren(out []Child) {
	sort.Slice(out, func(i, j int) bool {
		if out[i].At.Pos() != out[j].At.Pos() {
			return out[i].At.Pos() < out[j].At.Pos()
		}
		return out[i].Kind < out[j].Kind
	})
}

// Methods returns the methods of the named type n and of a pointer to it,
// promoted ones included, as their generic origins.
func Methods(n *types.Named) []*types.Func {
	ms := types.NewMethodSet(types.NewPointer(n))
	out := make([]*types.Func, 0, ms.Len())
	for i := 0; i < ms.Len(); i++ {
		if fn, ok := ms.At(i).Obj().(*types.Func); ok {
			out = append(out, fn.Origin())
		}
	}
	return out
}

// Owns reports whether code in scope (the package, or a dependency by its
// fact) gives objects of kind child an owner reference, a controller's or
// a plain one, to an object of kind owner, on objects it creates or ones
// it only updates (a Node adopted by the object that provisioned it): an
// object of kind owner is then the child's owner, never its dependent.
func (r *Result) Owns(owner, child string) bool {
	return r != nil && owner != "" && child != "" && r.owners[[2]string{r.kinds.Key(owner), r.kinds.Key(child)}]
}

// BlockingOwner describes the owner parameter of a function that gives an
// object an owner reference surely blocking its owner's deletion
// (Block.Surely), to the object passed in that parameter: every call
// then sets such a reference to its argument (finalizersrbac checks the
// grant for the argument's kind at the call).
type BlockingOwner struct {
	// Param is the owner's parameter index.
	Param int
	// Flag is 1 + the index of the bool parameter that decides whether
	// the reference blocks, or 0 when it always does.
	Flag int
	// Kept reports a constructor that keeps the owner for a method of the
	// struct it returns, which sets the reference (ParamOwn.Kept).
	Kept bool
}

// BlockingOwner returns the owner parameter of fn, a function of the
// package or of another (by its fact), that fn gives a reference surely
// blocking its deletion: set on an object (a parameter, or one of a kind
// it makes: SetControllerReference(owner, obj, scheme)), kept by a
// constructor for a method of what it returns (syncer.New(owner, obj)),
// or returned (a builder of references, NewControllerRef(owner, gvk)).
// Of several, the first parameter; of its references, one that always
// blocks before one a flag decides, and one set by the function before
// one kept.
func (r *Result) BlockingOwner(fn *types.Func) (BlockingOwner, bool) {
	if r == nil || fn == nil {
		return BlockingOwner{}, false
	}
	best, found := BlockingOwner{}, false
	consider := func(param int, field string, b Block, kept bool) {
		if param < 0 || field != "" || !b.Surely() || kept && !b.Sure {
			return
		}
		o := BlockingOwner{Param: param, Flag: b.Flag, Kept: kept}
		if b.Sure {
			o.Flag = 0
		}
		if !found || o.Param < best.Param || o.Param == best.Param && (o.Flag == 0 && best.Flag > 0 || o.Flag == best.Flag && !o.Kept && best.Kept) {
			best, found = o, true
		}
	}
	fn = fn.Origin()
	if s := r.funcs[fn]; s != nil {
		for p := range s.ownedParams {
			consider(p.Owner, p.OwnerField, p.Block, p.Kept)
		}
		for k := range s.ownedBy {
			consider(k.Owner, k.OwnerField, k.Block, false)
		}
		consider(s.refOwner, "", s.refBlk, false)
		return best, found
	}
	if r.state == nil {
		return best, found
	}
	r.mu.Lock() // the fact cache is shared by the rules that ask
	defer r.mu.Unlock()
	f := r.state.external(fn)
	if f == nil {
		return best, found
	}
	for _, p := range f.OwnedParams {
		consider(p.Owner, p.OwnerField, p.Block, p.Kept)
	}
	for _, k := range f.OwnedBy {
		consider(k.Owner, k.OwnerField, k.Block, false)
	}
	consider(f.RefOwner-1, "", f.RefBlock, false)
	return best, found
}
