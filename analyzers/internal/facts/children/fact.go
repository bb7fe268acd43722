package children

import (
	"strconv"
	"strings"
)

// childrenFact summarises a function for its callers in other packages. Its slices
// are sorted, so that the encoding is deterministic.
type childrenFact struct {
	// OwnedParams are the parameters given a controller owner reference.
	OwnedParams []ParamOwn
	// CreatedParams are the parameters (or fields of them) created or
	// applied.
	CreatedParams []ParamField
	// Owned are the kinds given a controller owner reference.
	Owned []KindOwn
	// OwnedBy are the kinds given a controller owner reference to an
	// object passed as a parameter: their owner is known at each call.
	OwnedBy []KindByParam
	// Created are the kinds created or applied.
	Created []string
	// CreatedUnknown reports that the function creates or applies objects
	// whose kind is not known here (an unstructured object, a
	// client.Object of no one type).
	CreatedUnknown bool
	// ControllerRef reports that the function returns a controller
	// OwnerReference (or a slice of references that holds one).
	ControllerRef bool
	// RefOwner is 1 + the index of the parameter whose object that
	// reference is owned by (OwnerRef(owner, scheme)), or 0 when unknown.
	RefOwner int
	// RefOwnerKind is the kind of that reference's owner when it is not a
	// parameter of interface type (OwnerRef(app *App)), or "".
	RefOwnerKind string
	// Returns are the kinds the function's result of interface type (or
	// slice of them) may hold: a generator of the owner's children, a
	// builder's Build().
	Returns []string
	// OwnerRef reports that the function returns an OwnerReference that is
	// not a controller reference; RefOwner and RefOwnerKind then describe
	// its owner, and RefBlocks reports that it sets blockOwnerDeletion (or
	// may).
	OwnerRef, RefBlocks bool
	// RefBlock says when the reference the function returns (a controller
	// or a plain one) surely blocks its owner's deletion.
	RefBlock Block
	// RefParams are the owner references the function is given in a
	// parameter and puts in objects (a generator given the owner's
	// reference, addOwnerRef(obj, ref)): at each call, the argument says
	// whose reference it is, and whether a controller's.
	RefParams []RefParam
	// OwnedByRecv are the kinds given an owner reference to the object in
	// a field of the method's receiver, which a constructor keeps from its
	// argument (lib.New(c, owner).Ensure(child)): the owner is the
	// argument of the constructor that made the receiver, at each call.
	OwnedByRecv []KindByRecv
	// CtorFields are the fields of the struct a constructor returns that
	// hold the objects of its parameters (&T{owner: owner}).
	CtorFields []FieldParam
	// Sites say, for kinds of Owned, OwnedBy, OwnedByRecv and RefParams,
	// which function at the end of the chain of calls sets the owner
	// reference, and where: what a finding names for the reader.
	Sites []Site
}

// A Site is where a function sets the owner reference of a child of kind
// Child: the function's name as a finding shows it (T.Method for a
// method), its identity (types.Func.FullName: two functions of one name
// in two packages are two) and the file:line:col of the setting (see
// package posn).
type Site struct {
	Child, Func, ID, Posn string
}

// KindByRecv is a kind given an owner reference to the object in field
// Field of the method's receiver.
type KindByRecv struct {
	Child, Field string
	// Plain and Blocks are as in ParamOwn.
	Plain, Blocks bool
}

// FieldParam is a field of a constructed struct set from parameter Param.
type FieldParam struct {
	Field string
	Param int
}

// RefParam is an owner reference parameter put in objects: the kind
// Child, or the parameter ChildParam (ChildField of it) when Child is "".
type RefParam struct {
	Child      string
	ChildParam int
	ChildField string
	// Ref is the index of the parameter that holds the reference, or,
	// when Method is not "", the object whose method Method returns it:
	// an interface method none of whose implementations the package sees
	// (cr.AsOwner(), cr a parameter of an interface type the kinds of
	// another package implement), known at each call by the argument's
	// type.
	Ref    int
	Method string
}

// AFact implements analysis.Fact.
func (*childrenFact) AFact() {}

func (f *childrenFact) String() string {
	var b strings.Builder
	b.WriteString("children(")
	sep := ""
	for _, o := range f.Owned {
		b.WriteString(sep + o.verb() + " " + o.Child)
		sep = " "
	}
	for _, c := range f.Created {
		b.WriteString(sep + "creates " + c)
		sep = " "
	}
	for _, o := range f.OwnedBy {
		b.WriteString(sep + verb(o.Plain) + " " + o.Child + " for param " + ParamField{o.Owner, o.OwnerField}.String() + o.Block.String())
		sep = " "
	}
	for _, o := range f.OwnedByRecv {
		b.WriteString(sep + verb(o.Plain) + " " + o.Child + " for receiver field " + o.Field)
		sep = " "
	}
	for _, c := range f.CtorFields {
		b.WriteString(sep + "keeps param " + strconv.Itoa(c.Param) + " in field " + c.Field)
		sep = " "
	}
	for _, p := range f.OwnedParams {
		b.WriteString(sep + verb(p.Plain) + " param " + ParamField{p.Child, p.ChildField}.String())
		switch {
		case p.Kept && p.Owner >= 0:
			b.WriteString(" kept for param " + strconv.Itoa(p.Owner))
		case p.Kept:
			b.WriteString(" kept for " + p.OwnerKind)
		case p.Owner >= 0:
			b.WriteString(" for param " + ParamField{p.Owner, p.OwnerField}.String())
		}
		b.WriteString(p.Block.String())
		sep = " "
	}
	for _, k := range f.Returns {
		if i, ok := paramOfKind(k); ok {
			k = "the kind of param " + strconv.Itoa(i)
		}
		b.WriteString(sep + "returns " + k)
		sep = " "
	}
	for _, r := range f.RefParams {
		child := r.Child
		if child == "" {
			child = "param " + ParamField{r.ChildParam, r.ChildField}.String()
		}
		from := "ref param " + strconv.Itoa(r.Ref)
		if r.Method != "" {
			from = "param " + strconv.Itoa(r.Ref) + "." + r.Method + "()"
		}
		b.WriteString(sep + "puts " + from + " in " + child)
		sep = " "
	}
	if f.OwnerRef {
		b.WriteString(sep + "returns owner ref")
		if f.RefOwnerKind != "" {
			b.WriteString(" to " + f.RefOwnerKind)
		}
		b.WriteString(f.RefBlock.String())
	}
	if !f.OwnerRef && !f.ControllerRef && f.RefBlock.Surely() {
		// A reference whose Controller the function's caller decides.
		b.WriteString(sep + "returns ref")
		if f.RefOwner > 0 {
			b.WriteString(" to param " + strconv.Itoa(f.RefOwner-1))
		}
		b.WriteString(f.RefBlock.String())
		sep = " "
	}
	for _, p := range f.CreatedParams {
		b.WriteString(sep + "creates param " + p.String())
		sep = " "
	}
	if f.CreatedUnknown {
		b.WriteString(sep + "creates objects of unknown kind")
		sep = " "
	}
	if f.ControllerRef {
		b.WriteString(sep + "returns controller ref")
		if f.RefOwnerKind != "" {
			b.WriteString(" to " + f.RefOwnerKind)
		}
		b.WriteString(f.RefBlock.String())
	}
	b.WriteString(")")
	return b.String()
}

// verb says how a child is owned: "owns" by a controller reference,
// "refs" by a plain owner reference.
func verb(plain bool) string {
	if plain {
		return "refs"
	}
	return "owns"
}

// ParamOwn is a parameter (or a field of one) given a controller owner
// reference (a plain owner reference when Plain is set).
type ParamOwn struct {
	Child int // the child's parameter index
	Owner int // the owner's parameter index, or -1
	// ChildField and OwnerField name the field of the parameter that is the
	// child or owner (Params{Owner: o, Expected: obj}, as helpers taking an
	// options struct read them), or are empty for the parameter itself.
	ChildField, OwnerField string
	// OwnerKind is the owner's kind when known and the owner is not a
	// parameter.
	OwnerKind string
	// OwnerRecvField is the field of the method's receiver that holds the
	// owner (o.owner in a method of an options type), when the owner is
	// not a parameter: the caller knows what its receiver holds.
	OwnerRecvField string
	// Plain reports an owner reference that is not a controller reference
	// (controllerutil.SetOwnerReference, a literal without Controller);
	// Blocks, one that sets blockOwnerDeletion (or may).
	Plain, Blocks bool
	// Block says when the reference surely blocks its owner's deletion.
	Block Block
	// Kept reports a constructor that keeps the child (and the owner, when
	// a parameter) in fields of the struct it returns, a method of which
	// sets the reference (syncer.New(owner, obj).Sync()): the call of the
	// constructor stands for the setting.
	Kept bool
}

// ParamField is a parameter, or a field of a struct parameter when Field
// is not empty.
type ParamField struct {
	Index int
	Field string
}

func (p ParamField) String() string {
	if p.Field == "" {
		return strconv.Itoa(p.Index)
	}
	return strconv.Itoa(p.Index) + "." + p.Field
}

// KindOwn is a kind given a controller owner reference (a plain owner
// reference when Plain is set).
type KindOwn struct {
	Child string
	// Owner is the owner's kind, or "" when unknown (an interface value).
	Owner string
	// Plain and Blocks are as in ParamOwn.
	Plain, Blocks bool
}

func (k KindOwn) verb() string { return verb(k.Plain) }

// KindByParam is a kind given a controller owner reference to the object
// passed in parameter Owner (in its field OwnerField, when not empty).
type KindByParam struct {
	Child      string
	Owner      int
	OwnerField string
	// Plain, Blocks and Block are as in ParamOwn.
	Plain, Blocks bool
	Block         Block
}

// Block says when an owner reference surely sets blockOwnerDeletion to
// true, so that the API server asks for the permission to update its
// owner's finalizers (finalizersrbac's question, where Blocks answers "or
// may"): always (SetControllerReference without an option that turns it
// off, NewControllerRef, a literal's constant true), or when the
// function's bool parameter Flag-1 is true (ref(owner, block bool) with
// BlockOwnerDeletion: &block, WithBlockOwnerDeletion(block)); neither for
// a reference whose value is not known, or that the function turns off
// again.
type Block struct {
	Sure bool
	Flag int
}

// Surely reports whether the reference blocks for certain, or when a flag
// parameter says so.
func (b Block) Surely() bool { return b.Sure || b.Flag > 0 }

// String is how a fact shows b, after the reference: nothing when it is
// not sure to block.
func (b Block) String() string {
	switch {
	case b.Sure:
		return " blocking"
	case b.Flag > 0:
		return " blocking if param " + strconv.Itoa(b.Flag-1)
	}
	return ""
}
