// Package children finds the controlled children of reconcilers: the
// objects a function gives a controller owner reference and creates or
// applies.
//
// Each function of the package is summarised: which object kinds it gives a
// controller reference (controllerutil.SetControllerReference,
// ctrl.SetControllerReference, ownership.SetControllerReference,
// ownership.EnsureChild, a controller OwnerReference put in the object's
// ownerReferences, or an apply configuration's WithOwnerReferences with
// WithController(true)) or a plain owner reference
// (controllerutil.SetOwnerReference, a reference without Controller), which
// kinds it creates (client Create, Apply, and Patch with a server-side
// apply patch: client.Apply, client.RawPatch of types.ApplyPatchType, a
// patch type of the package whose Type is that;
// controllerutil.CreateOrUpdate and CreateOrPatch, ownership.EnsureChild,
// and the Create, Apply and server-side apply Patch of a typed clientset's
// resource interface, client-go's or a generated one), and which of its
// parameters it does either to, so that a generic or client.Object helper
// counts for the kind its caller passes; a parameter may be a field of an
// options struct (Params{Owner: o, Expected: obj}), which the caller fills
// with a literal, and an owner reference may be a parameter (a generator
// given the owner's reference, addOwnerRef(obj, ref)), which each call
// names. A reference the function then takes away
// (controllerutil.RemoveControllerReference or RemoveOwnerReference,
// SetOwnerReferences(nil)) is not one it sets: an object shared by several
// owners may be built by a helper that makes it controlled.
// Summaries include what the function's callees do, within the
// package by the call graph and across packages by facts. Functions that
// return an OwnerReference are summarised too, so that an owner-reference
// helper is recognised where it is used, and so are functions that return
// objects of no static kind (client.Object, a slice of them: a generator of
// the owner's children, a builder's Build()), with the kinds they return.
//
// Kinds are named by "import/path.Name" keys; an apply configuration
// stands for the kind it configures (k8s.io/client-go/applyconfigurations
// -> k8s.io/api). An object of interface type has the kinds the values
// assigned to it have (a range over a generator's list, an element, the
// result of a builder's Build through its implementations, a type
// assertion); an unstructured object has the kinds of Kubernetes' own API
// groups its function gives it from constants (SetKind, SetAPIVersion,
// SetGroupVersionKind, the literal's apiVersion and kind), or decodes from
// manifests embedded with //go:embed (the manifests analysis). Type-parameter
// typed objects have no kind, and writes through a client obtained by a
// call in the function (such as a client for a workload cluster) are not
// counted, nor are Updates (of objects that exist).
package children

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/constbool"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/manifests"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/factcache"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// Analyzer summarises the controlled children of every function of a
// package; its result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "children",
	Doc:        "find the objects functions create with a controller owner reference (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspection.Analyzer, constbool.Analyzer, groupkind.Analyzer, manifests.Analyzer},
	FactTypes:  []analysis.Fact{new(childrenFact), new(selfDeletingFact)},
	ResultType: reflect.TypeFor[*Result](),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

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
		b.WriteString(sep + verb(o.Plain) + " " + o.Child + " for param " + ParamField{o.Owner, o.OwnerField}.String())
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
	// Plain and Blocks are as in ParamOwn.
	Plain, Blocks bool
}

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
	}
}

func (s *summary) size() int {
	n := len(s.ownedParams) + len(s.createdParams) + len(s.owned) + len(s.ownedBy) + len(s.created) + len(s.returns) + len(s.refParams) + len(s.ownedByRecv) + len(s.ctorFields)
	if s.controllerRef || s.ownerRef {
		n++
	}
	if s.createdUnknown {
		n++
	}
	return n
}

func (s *summary) empty() bool { return s.size() == 0 }

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

// ref describes an object expression: its kind, or the parameter (or
// field of a struct parameter) it is.
type ref struct {
	kind  string
	param int // -1 when not a parameter
	// recvField is the field of the method's receiver the object is (a
	// constructor kept it there), or "".
	recvField string
	// field is the field of parameter param the object is, or "" for the
	// parameter itself.
	field string
	// alts are the other kinds the object may be: a variable of interface
	// type assigned objects of several kinds (in the cases of a switch).
	alts []string
	// fields are the objects in the fields of a struct literal
	// (Params{Owner: o, Expected: obj}), by field name, for the callee that
	// reads them; non-nil for a literal.
	fields map[string]ref
	// none reports a field left out of a struct literal: nil, no object.
	none bool
	// oref describes the owner reference the expression holds, when it is
	// an argument of a type that can carry one; nil otherwise.
	oref *orefInfo
}

// orefInfo is an owner reference value: a controller reference or a plain
// one to owner, or the owner reference parameter param.
type orefInfo struct {
	controller bool
	blocks     bool // a plain reference that sets blockOwnerDeletion, or may
	owner      ref
	param      int // -1 when not a parameter
	// method is the interface method of the object in parameter param
	// that returns the reference, when it is not the parameter itself
	// (see RefParam.Method).
	method string
}

// at returns the object in field f of the struct r is, or r itself when f
// is empty.
func (r ref) at(f string) ref {
	switch {
	case f == "" || r.none:
		return r
	case r.fields != nil:
		if x, ok := r.fields[f]; ok {
			return x
		}
		return ref{param: -1, none: true}
	case r.param >= 0 && r.field == "":
		// The caller's own struct parameter, passed on.
		return ref{param: r.param, field: f}
	}
	return ref{param: -1}
}

// kinds returns every kind r may be.
func (r ref) kinds() []string {
	if r.kind == "" {
		return nil
	}
	return append([]string{r.kind}, r.alts...)
}

// event is one thing a function body does that its summary depends on.
type event struct {
	node     ast.Node
	owned    *ownEvent    // an owner reference set
	disowned *disownEvent // owner references removed
	made     *ref         // an object created
	call     *callEvent
}

// disownEvent is the removal of child's controller reference
// (controllerutil.RemoveControllerReference), or of all its owner
// references when all is set (RemoveOwnerReference, SetOwnerReferences(nil)):
// what the function's earlier events gave it no longer holds.
type disownEvent struct {
	child ref
	all   bool
}

type ownEvent struct {
	child, owner ref
	plain        bool // a plain owner reference, not a controller reference
	blocks       bool // a plain one that sets blockOwnerDeletion, or may
	// refParam is >= 0 when the reference is that owner reference
	// parameter of the function, or what refMethod of the object in it
	// returns (owner and plain are then unknown).
	refParam  int
	refMethod string
}

type callEvent struct {
	fn   *types.Func
	args []ref
	// argTypes are the arguments' static types.
	argTypes []types.Type
	// recvSelf reports a method called on the caller's own receiver;
	// recvFields are the objects the constructor of the receiver kept in
	// its fields, when the receiver was made by one; recvParam is the
	// caller's parameter the receiver is, or -1.
	recvSelf   bool
	recvFields map[string]ref
	recvParam  int
}

type funcInfo struct {
	fn   *types.Func
	decl *ast.FuncDecl
	// body is decl's body in the package's inspector, for typed walks.
	body   inspector.Cursor
	events []event
	// returnsRef reports that the first result is an OwnerReference, a
	// pointer to one or a slice of them.
	returnsRef bool
	// objResult is the index of the result that holds objects of no static
	// kind (see returnsObjects), or -1.
	objResult int
}

const pathOwnership = recognize.PkgRuntimeModule + "/ownership"

func run(pass *analysis.Pass) (any, error) {
	res := &Result{funcs: make(map[*types.Func]*summary), kinds: groupkind.Of(pass)}
	insp := inspection.Of(pass)
	if insp == nil {
		return res, nil
	}
	var infos []*funcInfo
	byFunc := make(map[*types.Func]*funcInfo)
	for _, f := range insp.Funcs {
		fi := &funcInfo{fn: f.Obj, decl: f.Decl, body: f.Body}
		infos = append(infos, fi)
		byFunc[f.Obj] = fi
		res.funcs[f.Obj] = newSummary()
	}
	a := &state{pass: pass, res: res, byFunc: byFunc, vals: constbool.New(pass), values: insp.Values, manifests: manifests.Of(pass), facts: factcache.New[childrenFact](pass), ownerVars: make(map[*types.Var]bool)}
	res.state, res.locals = a, make(map[*funcInfo]*locals)
	// Owner-reference helpers first: the events of other functions depend
	// on them.
	for _, fi := range infos {
		fi.returnsRef = returnsOwnerRef(fi.fn)
	}
	fixpoint.Solve(infos, func(fi *funcInfo) bool {
		if !res.funcs[fi.fn].controllerRef && fi.returnsRef && a.anyRef(fi, a.isControllerRef) {
			res.funcs[fi.fn].controllerRef = true
			return true
		}
		return false
	})
	// Helpers that return a plain owner reference (no Controller).
	for _, fi := range infos {
		if s := res.funcs[fi.fn]; fi.returnsRef && !s.controllerRef && a.anyRef(fi, a.isPlainRef) {
			s.ownerRef = true
			s.refBlocks = a.anyRef(fi, a.plainBlocks)
		}
	}
	for _, fi := range infos {
		if s := res.funcs[fi.fn]; s.controllerRef || s.ownerRef {
			s.refOwner, s.refKind = a.returnedOwner(fi)
		}
	}
	// The kinds generators return, before the events that read them: a
	// generator may return what another one does.
	for _, fi := range infos {
		fi.objResult, _ = returnsObjects(fi.fn)
	}
	fixpoint.Solve(infos, func(fi *funcInfo) bool {
		if fi.objResult < 0 {
			return false
		}
		s, changed := res.funcs[fi.fn], false
		for k := range a.returnedKinds(fi, a.buildLocals(fi, false)) {
			if !s.returns[k] {
				s.returns[k] = true
				changed = true
			}
		}
		return changed
	})
	for _, fi := range infos {
		if fields := a.ctorFields(fi); len(fields) > 0 {
			res.funcs[fi.fn].ctorFields = fields
		}
	}
	for _, fi := range infos {
		a.scanEvents(fi)
	}
	fixpoint.Solve(infos, func(fi *funcInfo) bool {
		s := res.funcs[fi.fn]
		before := s.size()
		a.apply(fi, s)
		return s.size() != before
	})
	for _, fi := range infos {
		s := res.funcs[fi.fn]
		if s.empty() {
			continue
		}
		f := s.fact()
		f.Sites = a.sites(s)
		pass.ExportObjectFact(fi.fn, f)
	}
	res.shared, res.owners = ownership(pass, res)
	res.selfDeleting = a.findSelfDeleting(insp.Inspector)
	res.createsElsewhere = make(map[*types.Func]bool)
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok {
			fn = fn.Origin()
			if f := a.external(fn); f != nil && (len(f.Created) > 0 || len(f.CreatedParams) > 0) {
				res.createsElsewhere[fn] = true
			}
		}
	}
	return res, nil
}

// ownership returns what the package's functions and, by their facts,
// its dependencies' say of owners, in one pass over both:
//
//   - shared, the kinds given an owner reference to an object whose kind
//     the function does not know: an owner of unknown kind, or one passed
//     in a parameter of interface type (a helper that makes whatever
//     object it is given the owner, such as a Pod adopting a Workload
//     another controller created). An object of such a kind may have
//     owners besides the one a reconciler's plain reference names, so that
//     reference is not control in all but name (see PlainOfReconciler);
//   - owners, the pairs of kinds (owner, child), as groupkind keys, given
//     an owner reference, a controller's or a plain one, of a known owner
//     kind (see Owns).
func ownership(pass *analysis.Pass, res *Result) (shared map[string]bool, owners map[[2]string]bool) {
	shared = make(map[string]bool)
	owners = make(map[[2]string]bool)
	owned := func(k KindOwn) {
		if k.Owner == "" {
			shared[k.Child] = true
		} else {
			owners[[2]string{res.kinds.Key(k.Owner), res.kinds.Key(k.Child)}] = true
		}
	}
	ownedBy := func(fn *types.Func, k KindByParam) {
		params := fn.Signature().Params()
		if k.OwnerField == "" && k.Owner >= 0 && k.Owner < params.Len() && types.IsInterface(params.At(k.Owner).Type()) {
			shared[k.Child] = true
		}
	}
	for fn, s := range res.funcs {
		for k := range s.owned {
			owned(k)
		}
		for k := range s.ownedBy {
			ownedBy(fn, k)
		}
	}
	for _, f := range pass.AllObjectFacts() {
		fact, ok := f.Fact.(*childrenFact)
		fn, isFunc := f.Object.(*types.Func)
		if !ok || !isFunc || fn.Pkg() == pass.Pkg {
			continue
		}
		for _, k := range fact.Owned {
			owned(k)
		}
		for _, k := range fact.OwnedBy {
			ownedBy(fn, k)
		}
	}
	for k := range adoptedByClusterAPI(res) {
		shared[k] = true
	}
	return shared, owners
}

// Owns reports whether code in scope (the package, or a dependency by its
// fact) gives objects of kind child an owner reference, a controller's or
// a plain one, to an object of kind owner, on objects it creates or ones
// it only updates (a Node adopted by the object that provisioned it): an
// object of kind owner is then the child's owner, never its dependent.
func (r *Result) Owns(owner, child string) bool {
	return r != nil && owner != "" && child != "" && r.owners[[2]string{r.kinds.Key(owner), r.kinds.Key(child)}]
}

// adoptedByClusterAPI returns the kinds that Cluster API's controllers
// adopt from the package: where the package creates Cluster API Machines
// (or MachinePools), a function that creates objects with a plain owner
// reference and returns an object reference (corev1.ObjectReference, or
// Cluster API's contract reference) hands that reference to a Machine's
// spec.bootstrap.configRef or spec.infrastructureRef, and Cluster API's
// Machine controller then makes itself the object's controller: a
// control plane's bootstrap configs and infrastructure machines.
func adoptedByClusterAPI(res *Result) map[string]bool {
	machines := false
	for _, s := range res.funcs {
		for k := range s.created {
			path, name := objkind.Split(k)
			machines = machines || recognize.PathUnder(path, recognize.PkgClusterAPI) && (name == "Machine" || name == "MachinePool")
		}
	}
	if !machines {
		return nil
	}
	adopted := make(map[string]bool)
	for fn, s := range res.funcs {
		if !returnsObjectReference(fn) {
			continue
		}
		for k := range s.owned {
			if k.Plain && s.created[k.Child] {
				adopted[k.Child] = true
			}
		}
		for k := range s.ownedBy {
			if k.Plain && s.created[k.Child] {
				adopted[k.Child] = true
			}
		}
	}
	return adopted
}

// returnsObjectReference reports whether a result of fn is a
// corev1.ObjectReference or a Cluster API object reference, or a pointer
// to one.
func returnsObjectReference(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		t := res.At(i).Type()
		if recognize.IsNamedOrPointer(t, recognize.PkgCoreV1, "ObjectReference") {
			return true
		}
		if n := recognize.Named(recognize.Unpointer(t)); n != nil && n.Obj().Pkg() != nil &&
			recognize.PathUnder(n.Obj().Pkg().Path(), recognize.PkgClusterAPI) && strings.HasSuffix(n.Obj().Name(), "ObjectReference") {
			return true
		}
	}
	return false
}

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
}

func (s *summary) fact() *childrenFact {
	f := &childrenFact{ControllerRef: s.controllerRef, OwnerRef: s.ownerRef, RefBlocks: s.refBlocks, RefOwner: s.refOwner + 1, RefOwnerKind: s.refKind, CreatedUnknown: s.createdUnknown}
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
			cmp.Compare(a.OwnerField, b.OwnerField), cmp.Compare(a.OwnerKind, b.OwnerKind), compareBool(a.Plain, b.Plain), compareBool(a.Blocks, b.Blocks))
	})
	f.CreatedParams = slices.SortedFunc(maps.Keys(s.createdParams), func(a, b ParamField) int {
		return cmp.Or(cmp.Compare(a.Index, b.Index), cmp.Compare(a.Field, b.Field))
	})
	f.Owned = slices.SortedFunc(maps.Keys(s.owned), func(a, b KindOwn) int {
		return cmp.Or(cmp.Compare(a.Child, b.Child), cmp.Compare(a.Owner, b.Owner), compareBool(a.Plain, b.Plain), compareBool(a.Blocks, b.Blocks))
	})
	f.OwnedBy = slices.SortedFunc(maps.Keys(s.ownedBy), func(a, b KindByParam) int {
		return cmp.Or(cmp.Compare(a.Child, b.Child), cmp.Compare(a.Owner, b.Owner), cmp.Compare(a.OwnerField, b.OwnerField),
			compareBool(a.Plain, b.Plain), compareBool(a.Blocks, b.Blocks))
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
	ap := applier{a, s}
	for _, ev := range fi.events {
		switch {
		case ev.owned != nil && ev.owned.refParam >= 0:
			ap.refd(ev.owned.child, &orefInfo{param: ev.owned.refParam, method: ev.owned.refMethod}, ev.node, via{})
		case ev.owned != nil:
			ap.own(ev.owned.child, ev.owned.owner, ev.node, ev.owned.plain, ev.owned.blocks, via{})
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
}

// applier folds events into the summary s.
type applier struct {
	a *state
	s *summary
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
		ap.own(ref{kind: k.Child, param: -1}, arg(c.args, k.Owner, k.OwnerField), at, k.Plain, k.Blocks, via{c.fn, where.Pos(), deeper(cs, where, k.Child)})
	}
	for p := range cs.ownedParams {
		ap.own(arg(c.args, p.Child, p.ChildField), paramOwner(c, p), at, p.Plain, p.Blocks, via{fn: c.fn})
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
		ap.own(ref{kind: k.Child, param: -1}, arg(c.args, k.Owner, k.OwnerField), at, k.Plain, k.Blocks, via{fn: c.fn, set: f.site(k.Child)})
	}
	for _, p := range f.OwnedParams {
		ap.own(arg(c.args, p.Child, p.ChildField), paramOwner(c, p), at, p.Plain, p.Blocks, via{fn: c.fn})
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

// own records that child gets an owner reference to owner at the node at,
// through the helper v.fn when not nil.
func (ap applier) own(child, owner ref, at ast.Node, plain, blocks bool, v via) {
	s := ap.s
	blocks = plain && blocks
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
		p := ParamOwn{Child: child.param, ChildField: child.field, Owner: owner.param, OwnerField: owner.field, Plain: plain, Blocks: blocks}
		if owner.param < 0 {
			p.OwnerKind, p.OwnerRecvField = owner.kind, owner.recvField
		}
		s.ownedParams[p] = true
	case owner.recvField != "":
		// The owner is the receiver's, known where it is made.
		for _, kind := range child.kinds() {
			earliest(s.ownedByRecv, KindByRecv{Child: kind, Field: owner.recvField, Plain: plain, Blocks: blocks}, at)
		}
	case owner.param >= 0:
		// The owner is known at each call, not here.
		for _, kind := range child.kinds() {
			earliest(s.ownedBy, KindByParam{Child: kind, Owner: owner.param, OwnerField: owner.field, Plain: plain, Blocks: blocks}, at)
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
		ap.own(child, o.owner, at, !o.controller, o.blocks, v)
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
	default:
		for _, kind := range r.kinds() {
			ap.s.created[kind] = true
		}
	}
}

// recvOwned records the child a method called by c gives a reference to
// the object in its receiver's field.
func (ap applier) recvOwned(c *callEvent, k KindByRecv, at ast.Node, v via) {
	ap.own(ref{kind: k.Child, param: -1}, recvOwner(c, k.Field), at, k.Plain, k.Blocks, v)
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
