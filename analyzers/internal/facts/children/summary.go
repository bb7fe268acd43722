package children

import (
	"cmp"
	"go/ast"
	"go/types"
	"maps"
	"slices"
)

type summary struct {
	ownedParams   map[ParamOwn]bool
	createdParams map[ParamField]bool
	owned         map[KindOwn]ast.Node
	ownedBy       map[KindByParam]ast.Node
	created       map[string]bool
	// createdUnknown: see childrenFact.CreatedUnknown.
	createdUnknown bool
	controllerRef  bool
	// ownerRef reports a function that returns a plain owner reference;
	// refBlocks, one that sets blockOwnerDeletion or may.
	ownerRef, refBlocks bool
	// refBlk says when the reference it returns surely blocks.
	refBlk Block
	// refOwner is the parameter the returned controller reference's owner
	// is, or -1; refKind is that owner's kind when it is known here.
	refOwner int
	refKind  string
	// returns are the kinds its object result may hold.
	returns map[string]bool
	// refParams are its owner reference parameters put in objects, with
	// where.
	refParams map[RefParam]ast.Node
	// via are the helpers called at the nodes of owned, for related
	// positions.
	via map[viaKey]via
	// ownedByRecv are the kinds owned by an object in a field of the
	// receiver, and ctorFields the fields of a constructed struct that
	// keep a parameter's object.
	ownedByRecv map[KindByRecv]ast.Node
	ctorFields  map[string]int
	// ctorType is the struct type whose fields ctorFields names, when the
	// function constructs one (returned as itself or as an interface).
	ctorType *types.Named
	// recvOwned are the objects in fields of the receiver given an owner
	// reference to another field's object or to a kind.
	recvOwned map[fieldOwn]bool
	// recvMade are the fields of the receiver whose objects it creates or
	// applies.
	recvMade map[string]bool
}

// fieldOwn is a field of the receiver (Child) given an owner reference to
// the object in another field (Owner) or, when Owner is "", to an object
// of kind OwnerKind.
type fieldOwn struct {
	Child, Owner, OwnerKind string
	Plain, Blocks           bool
	// Sure reports a reference that always blocks its owner's deletion.
	Sure bool
}

func newSummary() *summary {
	return &summary{
		ownedParams:   make(map[ParamOwn]bool),
		createdParams: make(map[ParamField]bool),
		owned:         make(map[KindOwn]ast.Node),
		ownedBy:       make(map[KindByParam]ast.Node),
		created:       make(map[string]bool),
		refOwner:      -1,
		returns:       make(map[string]bool),
		refParams:     make(map[RefParam]ast.Node),
		via:           make(map[viaKey]via),
		ownedByRecv:   make(map[KindByRecv]ast.Node),
		ctorFields:    make(map[string]int),
		recvOwned:     make(map[fieldOwn]bool),
		recvMade:      make(map[string]bool),
	}
}

func (s *summary) size() int {
	n := len(s.ownedParams) + len(s.createdParams) + len(s.owned) + len(s.ownedBy) + len(s.created) + len(s.returns) + len(s.refParams) + len(s.ownedByRecv) + len(s.ctorFields) + len(s.recvOwned) + len(s.recvMade)
	if s.controllerRef || s.ownerRef || s.refBlk.Surely() {
		n++
	}
	if s.createdUnknown {
		n++
	}
	return n
}

func (s *summary) empty() bool { return s.size() == 0 }

func (s *summary) fact() *childrenFact {
	f := &childrenFact{ControllerRef: s.controllerRef, OwnerRef: s.ownerRef, RefBlocks: s.refBlocks, RefBlock: s.refBlk, RefOwner: s.refOwner + 1, RefOwnerKind: s.refKind, CreatedUnknown: s.createdUnknown}
	// Sorted, so that facts, and what is learnt from them, do not depend on
	// map order; where a kind is owned several ways, controller references
	// (not Plain) and then references without BlockOwnerDeletion come
	// first.
	f.Returns = slices.Sorted(maps.Keys(s.returns))
	f.RefParams = slices.SortedFunc(maps.Keys(s.refParams), func(a, b RefParam) int {
		return cmp.Or(cmp.Compare(a.Child, b.Child), cmp.Compare(a.ChildParam, b.ChildParam), cmp.Compare(a.ChildField, b.ChildField), cmp.Compare(a.Ref, b.Ref), cmp.Compare(a.Method, b.Method))
	})
	f.OwnedParams = slices.SortedFunc(maps.Keys(s.ownedParams), func(a, b ParamOwn) int {
		return cmp.Or(cmp.Compare(a.Child, b.Child), cmp.Compare(a.ChildField, b.ChildField), cmp.Compare(a.Owner, b.Owner),
			cmp.Compare(a.OwnerField, b.OwnerField), cmp.Compare(a.OwnerKind, b.OwnerKind), compareBool(a.Plain, b.Plain), compareBool(a.Blocks, b.Blocks),
			compareBool(a.Kept, b.Kept), a.Block.compare(b.Block))
	})
	f.CreatedParams = slices.SortedFunc(maps.Keys(s.createdParams), func(a, b ParamField) int {
		return cmp.Or(cmp.Compare(a.Index, b.Index), cmp.Compare(a.Field, b.Field))
	})
	f.Owned = slices.SortedFunc(maps.Keys(s.owned), func(a, b KindOwn) int {
		return cmp.Or(cmp.Compare(a.Child, b.Child), cmp.Compare(a.Owner, b.Owner), compareBool(a.Plain, b.Plain), compareBool(a.Blocks, b.Blocks))
	})
	f.OwnedBy = slices.SortedFunc(maps.Keys(s.ownedBy), func(a, b KindByParam) int {
		return cmp.Or(cmp.Compare(a.Child, b.Child), cmp.Compare(a.Owner, b.Owner), cmp.Compare(a.OwnerField, b.OwnerField),
			compareBool(a.Plain, b.Plain), compareBool(a.Blocks, b.Blocks), a.Block.compare(b.Block))
	})
	f.Created = slices.Sorted(maps.Keys(s.created))
	f.OwnedByRecv = slices.SortedFunc(maps.Keys(s.ownedByRecv), func(a, b KindByRecv) int {
		return cmp.Or(cmp.Compare(a.Child, b.Child), cmp.Compare(a.Field, b.Field), compareBool(a.Plain, b.Plain), compareBool(a.Blocks, b.Blocks))
	})
	for _, field := range slices.Sorted(maps.Keys(s.ctorFields)) {
		f.CtorFields = append(f.CtorFields, FieldParam{Field: field, Param: s.ctorFields[field]})
	}
	return f
}

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// compare orders blocks: not sure first, then by flag, then sure.
func (b Block) compare(c Block) int {
	return cmp.Or(compareBool(b.Sure, c.Sure), cmp.Compare(b.Flag, c.Flag))
}
