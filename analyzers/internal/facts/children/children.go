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
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/constbool"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/manifests"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/factcache"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
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
	blk        Block
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
	blk          Block
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
	// resetsBlock reports a function that sets blockOwnerDeletion other
	// than to true, or calls a function that says it does: none of the
	// references it sets surely blocks (recognize.ResetsBlockOwnerDeletion).
	resetsBlock bool
}

const pathOwnership = recognize.PkgRuntimeModule + "/ownership"

// summarizeRefs records what the functions that return owner references
// return: a controller reference, a plain one, when it surely blocks, and
// whose.
func (a *state) summarizeRefs(infos []*funcInfo) {
	res := a.res
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
	// When the references they return surely block, whether controller
	// references or not (a builder whose Controller is a parameter): one
	// may return another's.
	fixpoint.Solve(infos, func(fi *funcInfo) bool {
		s := res.funcs[fi.fn]
		if !fi.returnsRef {
			return false
		}
		b := a.returnedBlock(fi)
		if b == s.refBlk {
			return false
		}
		s.refBlk = b
		return true
	})
	for _, fi := range infos {
		if s := res.funcs[fi.fn]; s.controllerRef || s.ownerRef || s.refBlk.Surely() {
			s.refOwner, s.refKind = a.returnedOwner(fi)
		}
	}
}

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
	a.indexFieldStores(infos)
	// Owner-reference helpers first: the events of other functions depend
	// on them.
	a.summarizeRefs(infos)
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
		if fields, made := a.ctorFields(fi); len(fields) > 0 {
			res.funcs[fi.fn].ctorFields, res.funcs[fi.fn].ctorType = fields, made
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
	// The queries' locals that field stores built while the summaries
	// grew are built again for the queries, from the summaries complete.
	clear(res.locals)
	a.fieldDone = make(map[*types.Var][]string)
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
