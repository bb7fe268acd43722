package children

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/manifests"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/factcache"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// state holds the state of one run.
type state struct {
	pass   *analysis.Pass
	res    *Result
	byFunc map[*types.Func]*funcInfo
	facts  *factcache.Cache[childrenFact, *childrenFact]
	// vals reads Controller: fields (ptr.To(true), &isController, ...).
	vals *recognize.BoolValues
	// values are the assignments of the package's variables.
	values *values.Index
	// impls caches implementations, found among methods (the package's,
	// and those of other packages with a fact).
	impls   map[*types.Func][]*types.Func
	methods []*callees.Methods
	// manifests is what the package's variables hold of embedded
	// manifests.
	manifests *manifests.Result
	// funcSpans are the package's function declarations in the order of
	// their positions, made when funcAt first needs them.
	funcSpans []*funcInfo
	// ownerVars are the variables whose owner assignedOwner is working
	// out: a variable met again on the way names no owner.
	ownerVars map[*types.Var]bool
	// fieldStores are the values the package stores in fields that hold
	// objects of no static kind; fieldBusy the fields fieldKinds is
	// working out (met again, they add nothing).
	fieldStores map[*types.Var][]fieldStore
	fieldBusy   map[*types.Var]bool
	// fieldDone memoizes fieldKinds once the summaries are complete
	// (nil until then: while they grow, so may a field's kinds).
	fieldDone map[*types.Var][]string
}

// external returns the fact of a function of another package, or nil.
func (a *state) external(fn *types.Func) *childrenFact {
	if fn == nil {
		return nil // not a nil *types.Func in a types.Object
	}
	return a.facts.Of(fn)
}

// creates reports whether fn, of the package or imported with a fact,
// creates (or applies) objects of kind itself or through its callees.
func (a *state) creates(fn *types.Func, kind string) bool {
	if s := a.res.funcs[fn]; s != nil && fn.Pkg() == a.pass.Pkg {
		return s.created[kind]
	}
	if f := a.external(fn); f != nil {
		return slices.Contains(f.Created, kind)
	}
	return false
}

// apply folds fi's events into its summary s.
func (a *state) apply(fi *funcInfo, s *summary) {
	ap := applier{a, s, fi}
	for _, ev := range fi.events {
		switch {
		case ev.owned != nil && ev.owned.refParam >= 0:
			ap.refd(ev.owned.child, &orefInfo{param: ev.owned.refParam, method: ev.owned.refMethod}, ev.node, via{})
		case ev.owned != nil:
			ap.own(ev.owned.child, ev.owned.owner, ev.node, ev.owned.plain, ev.owned.blocks, ev.owned.blk, via{})
		case ev.disowned != nil:
			ap.disown(ev.disowned.child, ev.disowned.all)
		case ev.made != nil:
			ap.made(*ev.made)
		case ev.call == nil:
		case a.res.funcs[ev.call.fn] != nil && ev.call.fn.Pkg() == a.pass.Pkg:
			ap.localCall(ev.call, ev.node, a.res.funcs[ev.call.fn])
		default:
			if f := a.external(ev.call.fn); f != nil {
				ap.externalCall(ev.call, ev.node, f)
			}
		}
	}
	a.keptOwners(s)
}

// keptOwners adds to s, the summary of a constructor, the objects that the
// methods of the struct it returns create and the references they set
// between the objects it keeps from its parameters (&Syncer{Owner: owner,
// Obj: obj}, a method that calls SetControllerReference(s.Owner, s.Obj,
// ...)): the constructor's call stands for them, whoever calls the method
// later and however (through the interface the constructor returns, a
// function it is handed to). Methods promoted from an embedded struct read
// that struct's fields, not the ones the constructor fills: left out.
func (a *state) keptOwners(s *summary) {
	if s.ctorType == nil {
		return
	}
	ms := types.NewMethodSet(types.NewPointer(s.ctorType))
	for i := range ms.Len() {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || len(ms.At(i).Index()) != 1 {
			continue
		}
		cs := a.res.funcs[m.Origin()]
		if cs == nil {
			continue
		}
		for field := range cs.recvMade {
			if made, ok := s.ctorFields[field]; ok {
				s.createdParams[ParamField{Index: made}] = true
			}
		}
		for o := range cs.recvOwned {
			child, ok := s.ctorFields[o.Child]
			if !ok {
				continue
			}
			p := ParamOwn{Child: child, Owner: -1, OwnerKind: o.OwnerKind, Plain: o.Plain, Blocks: o.Blocks, Block: Block{Sure: o.Sure}, Kept: true}
			if o.Owner != "" {
				owner, ok := s.ctorFields[o.Owner]
				if !ok {
					continue
				}
				p.Owner = owner
			}
			s.ownedParams[p] = true
		}
	}
}

// applier folds the events of fi into its summary s.
type applier struct {
	a  *state
	s  *summary
	fi *funcInfo
}

// localCall folds into s what c, a call of a function of the package with
// the summary cs, does at the node at.
func (ap applier) localCall(c *callEvent, at ast.Node, cs *summary) {
	s := ap.s
	for k, where := range cs.owned {
		if prev, ok := s.owned[k]; !ok || where.Pos() < prev.Pos() {
			s.owned[k] = where
			if v, ok := cs.via[viaKey{where, k.Child}]; ok {
				s.via[viaKey{where, k.Child}] = v
			}
		}
	}
	for k := range cs.created {
		s.created[k] = true
	}
	s.createdUnknown = s.createdUnknown || cs.createdUnknown
	for k, where := range cs.ownedBy {
		ap.own(ref{kind: k.Child, param: -1}, arg(c.args, k.Owner, k.OwnerField), at, k.Plain, k.Blocks, ap.blockAt(at, k.Block), via{c.fn, where.Pos(), deeper(cs, where, k.Child)})
	}
	for p := range cs.ownedParams {
		ap.own(arg(c.args, p.Child, p.ChildField), paramOwner(c, p), at, p.Plain, p.Blocks, ap.blockAt(at, p.Block), via{fn: c.fn})
	}
	for p := range cs.createdParams {
		ap.made(arg(c.args, p.Index, p.Field))
	}
	for rp, where := range cs.refParams {
		ap.refd(refChild(c.args, rp), ap.a.refArgOf(c, rp), at, via{c.fn, where.Pos(), deeper(cs, where, rp.Child)})
	}
	for k, where := range cs.ownedByRecv {
		ap.recvOwned(c, k, at, via{c.fn, where.Pos(), deeper(cs, where, k.Child)})
	}
}

// externalCall folds into s what c, a call of a function of another
// package with the fact f, does at the node at.
func (ap applier) externalCall(c *callEvent, at ast.Node, f *childrenFact) {
	s := ap.s
	for _, k := range f.Owned {
		if _, ok := s.owned[k]; !ok {
			s.owned[k] = at
		}
		if s.owned[k] == at {
			ap.setVia(at, k.Child, via{c.fn, c.fn.Pos(), f.site(k.Child)})
		}
	}
	for _, k := range f.Created {
		s.created[k] = true
	}
	s.createdUnknown = s.createdUnknown || f.CreatedUnknown
	for _, k := range f.OwnedBy {
		ap.own(ref{kind: k.Child, param: -1}, arg(c.args, k.Owner, k.OwnerField), at, k.Plain, k.Blocks, ap.blockAt(at, k.Block), via{fn: c.fn, set: f.site(k.Child)})
	}
	for _, p := range f.OwnedParams {
		ap.own(arg(c.args, p.Child, p.ChildField), paramOwner(c, p), at, p.Plain, p.Blocks, ap.blockAt(at, p.Block), via{fn: c.fn})
	}
	for _, p := range f.CreatedParams {
		ap.made(arg(c.args, p.Index, p.Field))
	}
	for _, rp := range f.RefParams {
		ap.refd(refChild(c.args, rp), ap.a.refArgOf(c, rp), at, via{fn: c.fn, set: f.site(rp.Child)})
	}
	for _, k := range f.OwnedByRecv {
		ap.recvOwned(c, k, at, via{fn: c.fn, set: f.site(k.Child)})
	}
}

// deeper returns the function that sets kind's reference at the node
// where of the callee with the summary cs, when cs sets it through a
// helper of its own there, or no site.
func deeper(cs *summary, where ast.Node, kind string) site {
	if v, ok := cs.via[viaKey{where, kind}]; ok && kind != "" {
		return v.innermost()
	}
	return site{}
}

// site returns the function that the fact's function's chain of calls
// sets kind's reference in, and where, or no site.
func (f *childrenFact) site(kind string) site {
	if kind == "" {
		return site{}
	}
	i, ok := slices.BinarySearchFunc(f.Sites, kind, func(s Site, kind string) int { return cmp.Compare(s.Child, kind) })
	if !ok {
		return site{}
	}
	return site{fn: f.Sites[i].Func, id: f.Sites[i].ID, posn: f.Sites[i].Posn}
}

// sites returns the Sites of the fact of the function with the summary
// s: for each kind whose reference it sets, the earliest place.
func (a *state) sites(s *summary) []Site {
	first := make(map[string]Site)
	note := func(kind string, where ast.Node) {
		if kind == "" {
			return
		}
		var st site
		if v, ok := s.via[viaKey{where, kind}]; ok {
			st = v.innermost()
		} else {
			fn := a.funcAt(where.Pos())
			if fn == nil {
				return
			}
			st = siteOf(fn, where.Pos())
		}
		if st.fn == "" {
			return
		}
		if st.posn == "" {
			st.posn = posn.String(a.pass.Fset, st.pos)
		}
		if prev, ok := first[kind]; !ok || st.posn < prev.Posn {
			first[kind] = Site{Child: kind, Func: st.fn, ID: st.id, Posn: st.posn}
		}
	}
	for k, where := range s.owned {
		note(k.Child, where)
	}
	for k, where := range s.ownedBy {
		note(k.Child, where)
	}
	for k, where := range s.ownedByRecv {
		note(k.Child, where)
	}
	for rp, where := range s.refParams {
		note(rp.Child, where)
	}
	out := slices.Collect(maps.Values(first))
	slices.SortFunc(out, func(a, b Site) int { return cmp.Compare(a.Child, b.Child) })
	return out
}

// funcAt returns the package's function declared around pos, or nil.
func (a *state) funcAt(pos token.Pos) *types.Func {
	if a.funcSpans == nil {
		for _, fi := range a.byFunc {
			a.funcSpans = append(a.funcSpans, fi)
		}
		slices.SortFunc(a.funcSpans, func(x, y *funcInfo) int { return cmp.Compare(x.decl.Pos(), y.decl.Pos()) })
	}
	i, _ := slices.BinarySearchFunc(a.funcSpans, pos, func(fi *funcInfo, pos token.Pos) int { return cmp.Compare(fi.decl.Pos(), pos) })
	// The last declaration that starts at or before pos.
	if i < len(a.funcSpans) && a.funcSpans[i].decl.Pos() == pos {
		i++
	}
	if i > 0 && pos < a.funcSpans[i-1].decl.End() {
		return a.funcSpans[i-1].fn
	}
	return nil
}

// setVia records v as the helper that sets kind's reference at the node
// at. Several helpers may at one call (implementations of one interface
// method, a helper that sets it on what it only reads): the one that
// creates the child is the one to name.
func (ap applier) setVia(at ast.Node, kind string, v via) {
	prev, ok := ap.s.via[viaKey{at, kind}]
	if !ok || !ap.a.creates(prev.fn, kind) && ap.a.creates(v.fn, kind) || prev.fn == v.fn && prev.set.fn == "" && v.set.fn != "" {
		ap.s.via[viaKey{at, kind}] = v
	}
}

// blockAt says when a reference that blocks as b says in a callee surely
// blocks at the call at.
func (ap applier) blockAt(at ast.Node, b Block) Block {
	call, ok := at.(*ast.CallExpr)
	if !ok {
		if b.Flag > 0 {
			return Block{}
		}
		return b
	}
	return ap.a.blockAt(ap.fi.fn, call, b)
}

// own records that child gets an owner reference to owner at the node at,
// through the helper v.fn when not nil; blk says when it surely blocks
// owner deletion.
func (ap applier) own(child, owner ref, at ast.Node, plain, blocks bool, blk Block, v via) {
	s := ap.s
	blocks = plain && blocks
	if ap.fi.resetsBlock {
		blk = Block{}
	}
	if v.fn != nil {
		if !v.pos.IsValid() {
			v.pos = v.fn.Pos()
		}
		for _, kind := range child.kinds() {
			ap.setVia(at, kind, v)
		}
	}
	switch {
	case child.none || owner.none:
		// A nil owner or child: no reference is set.
	case child.param >= 0:
		p := ParamOwn{Child: child.param, ChildField: child.field, Owner: owner.param, OwnerField: owner.field, Plain: plain, Blocks: blocks, Block: blk}
		if owner.param < 0 {
			p.OwnerKind, p.OwnerRecvField = owner.kind, owner.recvField
		}
		s.ownedParams[p] = true
	case child.recvField != "" && len(child.kinds()) == 0:
		// The child is the receiver's too: known where the receiver is
		// made, by a constructor that keeps both (see keptOwners).
		if owner.recvField != "" || (owner.param < 0 && owner.kind != "") {
			o := fieldOwn{Child: child.recvField, Owner: owner.recvField, Plain: plain, Blocks: blocks, Sure: blk.Sure}
			if o.Owner == "" {
				o.OwnerKind = owner.kind
			}
			s.recvOwned[o] = true
		}
	case owner.recvField != "":
		// The owner is the receiver's, known where it is made.
		for _, kind := range child.kinds() {
			earliest(s.ownedByRecv, KindByRecv{Child: kind, Field: owner.recvField, Plain: plain, Blocks: blocks}, at)
		}
	case owner.param >= 0:
		// The owner is known at each call, not here.
		for _, kind := range child.kinds() {
			earliest(s.ownedBy, KindByParam{Child: kind, Owner: owner.param, OwnerField: owner.field, Plain: plain, Blocks: blocks, Block: blk}, at)
		}
	default:
		for _, kind := range child.kinds() {
			earliest(s.owned, KindOwn{Child: kind, Owner: owner.kind, Plain: plain, Blocks: blocks}, at)
		}
	}
}

// disown removes from s the controller references (all the owner
// references, when all is set) given to child so far: to the parameter
// it is, or else to every object of its kinds (the summary keeps kinds,
// not objects, so another object of the kind built earlier in the
// function loses its reference too, a miss rather than a false finding).
// Every application
// of a function's events replays them in order, so what a later event
// gives the child is recorded again after the removal, and the summary
// stays a function of the callees' summaries, as the fixpoint needs.
func (ap applier) disown(child ref, all bool) {
	s := ap.s
	gone := func(plain bool) bool { return all || !plain }
	if child.param >= 0 {
		maps.DeleteFunc(s.ownedParams, func(p ParamOwn, _ bool) bool {
			return p.Child == child.param && p.ChildField == child.field && gone(p.Plain)
		})
		return
	}
	kinds := child.kinds()
	if child.none || len(kinds) == 0 {
		return
	}
	maps.DeleteFunc(s.owned, func(k KindOwn, _ ast.Node) bool { return slices.Contains(kinds, k.Child) && gone(k.Plain) })
	maps.DeleteFunc(s.ownedBy, func(k KindByParam, _ ast.Node) bool { return slices.Contains(kinds, k.Child) && gone(k.Plain) })
	maps.DeleteFunc(s.ownedByRecv, func(k KindByRecv, _ ast.Node) bool { return slices.Contains(kinds, k.Child) && gone(k.Plain) })
}

// earliest records at for k in m unless m holds an earlier node for it.
func earliest[K comparable](m map[K]ast.Node, k K, at ast.Node) {
	if prev, ok := m[k]; !ok || at.Pos() < prev.Pos() {
		m[k] = at
	}
}

// refd records that child gets the owner reference o.
func (ap applier) refd(child ref, o *orefInfo, at ast.Node, v via) {
	switch {
	case o == nil || child.none:
	case o.param >= 0:
		if v.fn != nil && !v.pos.IsValid() {
			v.pos = v.fn.Pos()
		}
		var rps []RefParam
		if child.param >= 0 {
			rps = append(rps, RefParam{ChildParam: child.param, ChildField: child.field, Ref: o.param, Method: o.method})
		} else {
			for _, kind := range child.kinds() {
				rps = append(rps, RefParam{Child: kind, ChildParam: -1, Ref: o.param, Method: o.method})
			}
		}
		for _, rp := range rps {
			if _, ok := ap.s.refParams[rp]; !ok {
				ap.s.refParams[rp] = at
			}
			if v.fn != nil && rp.Child != "" {
				ap.setVia(at, rp.Child, v)
			}
		}
	default:
		ap.own(child, o.owner, at, !o.controller, o.blocks, o.blk, v)
	}
}

// made records that r is created.
func (ap applier) made(r ref) {
	switch {
	case r.none:
	case r.param >= 0:
		ap.s.createdParams[ParamField{r.param, r.field}] = true
	case r.kind == "":
		ap.s.createdUnknown = true
		if r.recvField != "" {
			ap.s.recvMade[r.recvField] = true
		}
	default:
		for _, kind := range r.kinds() {
			ap.s.created[kind] = true
		}
	}
}

// recvOwned records the child a method called by c gives a reference to
// the object in its receiver's field.
func (ap applier) recvOwned(c *callEvent, k KindByRecv, at ast.Node, v via) {
	ap.own(ref{kind: k.Child, param: -1}, recvOwner(c, k.Field), at, k.Plain, k.Blocks, Block{}, v)
}

// arg returns the i-th argument's field, or a ref of nothing known.
func arg(args []ref, i int, field string) ref {
	if i >= 0 && i < len(args) {
		return args[i].at(field)
	}
	return ref{param: -1}
}

// refChild returns the child of rp at a call with args.
func refChild(args []ref, rp RefParam) ref {
	if rp.Child != "" {
		return ref{kind: rp.Child, param: -1}
	}
	return arg(args, rp.ChildParam, rp.ChildField)
}

// refArg returns the owner reference passed as the i-th argument, or nil.
func refArg(args []ref, i int) *orefInfo {
	if i >= 0 && i < len(args) {
		return args[i].oref
	}
	return nil
}

// recvOwner returns the owner kept in the receiver's field of a method
// called by c: the caller's own receiver field, the constructor's
// argument kept there, or an owner not known.
func recvOwner(c *callEvent, field string) ref {
	owner := ref{param: -1}
	switch {
	case c.recvSelf:
		owner.recvField = field
	case c.recvFields != nil:
		if r, ok := c.recvFields[field]; ok {
			owner = r
		}
	case c.recvParam >= 0:
		// The caller's parameter: its callers say what it holds.
		owner = ref{param: c.recvParam, field: field}
	}
	return owner
}

// paramOwner is the owner of p at the call c.
func paramOwner(c *callEvent, p ParamOwn) ref {
	switch {
	case p.Owner >= 0:
		return arg(c.args, p.Owner, p.OwnerField)
	case p.OwnerRecvField != "":
		return recvOwner(c, p.OwnerRecvField)
	}
	return ref{kind: p.OwnerKind, param: -1}
}
