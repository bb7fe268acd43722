package recognize

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Import paths of the owner and dependency helpers the lookup recognisers
// know.
const (
	PkgClusterAPIUtil   = PkgClusterAPI + "/util"
	PkgRuntimeOwnership = PkgRuntimeModule + "/ownership"
	PkgRuntimeDeletion  = PkgRuntimeModule + "/deletion"
	PkgRuntimeCascade   = PkgRuntimeModule + "/cascade"
)

// LookupKind tells how a lookup says that what it looks for is missing.
type LookupKind int

const (
	// LookupGet reads one object and fails with a not-found error when it
	// does not exist: a client Get, Cluster API's GetClusterByName.
	LookupGet LookupKind = iota
	// LookupOwner returns a nil object (and no error) when the object has
	// no owner reference of the kind yet, and a not-found error when the
	// owner is gone: Cluster API's GetOwnerCluster, GetOwnerMachine and
	// GetOwnerMachinePool.
	LookupOwner
	// LookupOwnerErr fails with an error that says the owner is missing
	// or gone: the runtime's ownership.GetOwner (ErrNoOwner, ErrOwnerGone).
	LookupOwnerErr
	// LookupDelete deletes an object made by name rather than found: it
	// reads nothing, but fails with a not-found error once the object is
	// gone. AsLookup never returns it; analyses that treat such a Delete
	// as a lookup build it themselves.
	LookupDelete
)

// A Lookup is a call that reads another object: an owner or a dependency.
type Lookup struct {
	Call *ast.CallExpr
	Kind LookupKind
	// Key is a Get's key argument, or nil.
	Key ast.Expr
	// Object is the argument the looked-up object is read into, or nil
	// when the object is the call's first result.
	Object ast.Expr
	// Type is the looked-up type, or nil when unknown.
	Type types.Type
}

// clusterAPIOwnerHelpers return a nil object when there is no owner
// reference; clusterAPIGetters fail with not-found when the object is gone.
// The MachinePool ones live in util since Cluster API v1.12, in exp/util
// before.
var (
	clusterAPIOwnerHelpers = []string{"GetOwnerCluster", "GetOwnerMachine", "GetOwnerMachinePool"}
	clusterAPIGetters      = []string{"GetClusterByName", "GetClusterFromMetadata", "GetMachineByName", "GetMachinePoolByName"}
	clusterAPIUtilPkgs     = []string{PkgClusterAPIUtil, PkgClusterAPI + "/exp/util"}
)

// isClusterAPIUtil reports whether fn is one of the named functions of
// Cluster API's util packages.
func isClusterAPIUtil(fn *types.Func, names []string) bool {
	for _, pkg := range clusterAPIUtilPkgs {
		for _, name := range names {
			if IsFunc(fn, pkg, name) {
				return true
			}
		}
	}
	return false
}

// AsLookup reports whether call reads a single object other than through a
// List: a client Get, a typed clientset's or a lister's Get, Cluster API's
// owner and cluster helpers, the runtime's ownership.GetOwner, or the
// dynamic client's Get. Whether the object read is the reconciled object
// itself is for the caller to decide (see IsRequestKey).
func AsLookup(info *types.Info, call *ast.CallExpr) (Lookup, bool) {
	fn := Callee(info, call)
	if fn == nil {
		return Lookup{}, false
	}
	if IsClientMethod(fn, "Get") {
		l := Lookup{Call: call, Kind: LookupGet}
		if len(call.Args) >= 3 {
			l.Key, l.Object = call.Args[1], call.Args[2]
			l.Type = info.TypeOf(l.Object)
		}
		return l, true
	}
	if IsFunc(fn, PkgRuntimeOwnership, "GetOwner") {
		l := Lookup{Call: call, Kind: LookupOwnerErr}
		if len(call.Args) == 4 {
			l.Object = call.Args[3]
			l.Type = info.TypeOf(l.Object)
		}
		return l, true
	}
	if isClusterAPIUtil(fn, clusterAPIOwnerHelpers) {
		return Lookup{Call: call, Kind: LookupOwner, Type: firstResult(fn)}, true
	}
	if isClusterAPIUtil(fn, clusterAPIGetters) {
		return Lookup{Call: call, Kind: LookupGet, Type: firstResult(fn)}, true
	}
	if tc, ok := AsTypedCall(info, call); ok && tc.Method == "Get" {
		// A typed clientset's or a lister's Get(name): its object is
		// its first result, and a missing one is a not-found error.
		return Lookup{Call: call, Kind: LookupGet, Key: tc.Name, Type: tc.Type}, true
	}
	if name, t, ok := AsDynamicGet(info, call); ok {
		// The dynamic client's Get(name): an object of a kind set at
		// run time.
		return Lookup{Call: call, Kind: LookupGet, Key: name, Type: t}, true
	}
	return Lookup{}, false
}

// ClusterAPIOwned recognizes a call of one of Cluster API's owner helpers
// (util.GetOwnerCluster, GetOwnerMachine, GetOwnerMachinePool) given the
// metadata of an object (x.ObjectMeta): it returns the owner's type and the
// object, whose owner reference to a Cluster API Cluster, Machine or
// MachinePool the helper follows.
func ClusterAPIOwned(info *types.Info, call *ast.CallExpr) (owner types.Type, obj ast.Expr, ok bool) {
	fn := Callee(info, call)
	if fn == nil || !isClusterAPIUtil(fn, clusterAPIOwnerHelpers) || len(call.Args) != 3 {
		return nil, nil, false
	}
	sel, isSel := ast.Unparen(call.Args[2]).(*ast.SelectorExpr)
	if !isSel || sel.Sel.Name != "ObjectMeta" {
		return nil, nil, false
	}
	return firstResult(fn), sel.X, true
}

func firstResult(fn *types.Func) types.Type {
	if rs := ResultTypes(fn); len(rs) > 0 {
		return rs[0]
	}
	return nil
}

// IsRequestKey reports whether a Get's key is derived from the reconcile
// request (req.NamespacedName, types.NamespacedName{Name: req.Name, ...}):
// the read of the reconciled object itself.
func IsRequestKey(info *types.Info, key ast.Expr) bool {
	found := false
	ast.Inspect(key, func(n ast.Node) bool {
		if found {
			return false
		}
		if e, ok := n.(ast.Expr); ok {
			if t := info.TypeOf(e); t != nil && IsNamedOrPointer(t, PkgReconcile, "Request") {
				found = true
			}
		}
		return true
	})
	return found
}

// ErrTest describes a condition that classifies an error as "not found".
type ErrTest struct {
	// Err is the error tested.
	Err ast.Expr
	// WhenNotFound is the value of the condition when Err says the object
	// is not found (or, for a dependency, gone or not yet there).
	WhenNotFound bool
	// Exact reports that the condition has the other value for every
	// other error (IsNotFound(err)); client.IgnoreNotFound(err) == nil is
	// also true for a nil error and is not exact.
	Exact bool
}

// AsNotFoundTest reports whether cond classifies an error as not found:
// apierrors.IsNotFound(err), the runtime's
// deletion.IsDependencyNotFound(err), errors.Is(err, ownership.ErrOwnerGone)
// or ErrNoOwner, IgnoreNotFound(err) compared with nil (see
// IsIgnoreNotFound), and their negations; and a disjunction with one of
// them that holds on a not-found (IsNotFound(err) || errors.Is(err,
// errGone)), which is true whenever the error is one.
func AsNotFoundTest(info *types.Info, cond ast.Expr) (ErrTest, bool) {
	return notFoundTest(info, cond, 0)
}

func notFoundTest(info *types.Info, cond ast.Expr, depth int) (ErrTest, bool) {
	if depth > 8 {
		return ErrTest{}, false
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			if t, ok := notFoundTest(info, e.X, depth+1); ok {
				t.WhenNotFound = !t.WhenNotFound
				return t, true
			}
		}
	case *ast.BinaryExpr:
		if e.Op == token.LOR {
			// IsNotFound(err) || errors.Is(err, errGone): true whenever
			// the error is a not-found, whatever the other operand.
			for _, d := range []ast.Expr{e.X, e.Y} {
				if t, ok := notFoundTest(info, d, depth+1); ok && t.WhenNotFound {
					t.Exact = false
					return t, true
				}
			}
			break
		}
		if e.Op != token.EQL && e.Op != token.NEQ {
			break
		}
		x, y := e.X, e.Y
		if IsNil(info, x) {
			x, y = y, x
		}
		if IsNil(info, y) {
			call, ok := ast.Unparen(x).(*ast.CallExpr)
			if ok && IsIgnoreNotFound(info, call) {
				return ErrTest{Err: call.Args[0], WhenNotFound: e.Op == token.EQL}, true
			}
			break
		}
		if b, ok := boolConstant(info, y); ok {
			if t, ok := notFoundTest(info, x, depth+1); ok {
				if b != (e.Op == token.EQL) {
					t.WhenNotFound = !t.WhenNotFound
				}
				return t, true
			}
		}
	case *ast.CallExpr:
		fn := Callee(info, e)
		switch {
		case fn == nil:
		case IsFunc(fn, PkgAPIErrors, "IsNotFound") && len(e.Args) == 1,
			IsFunc(fn, PkgRuntimeDeletion, "IsDependencyNotFound") && len(e.Args) == 1:
			return ErrTest{Err: e.Args[0], WhenNotFound: true, Exact: true}, true
		case IsFunc(fn, "errors", "Is") && len(e.Args) == 2:
			if isOwnerGoneErr(info, e.Args[1]) {
				return ErrTest{Err: e.Args[0], WhenNotFound: true, Exact: true}, true
			}
		}
	}
	return ErrTest{}, false
}

// IsIgnoreNotFound reports whether call makes a not-found error nil and
// hands any other error back: controller-runtime's client.IgnoreNotFound,
// or a function of that name from an error to an error (crossplane-runtime's
// resource.IgnoreNotFound, a project's own).
func IsIgnoreNotFound(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	if fn == nil || fn.Name() != "IgnoreNotFound" || len(call.Args) != 1 {
		return false
	}
	if IsFunc(fn, PkgClient, "IgnoreNotFound") {
		return true
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil && sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		IsError(sig.Params().At(0).Type()) && IsError(sig.Results().At(0).Type())
}

func isOwnerGoneErr(info *types.Info, e ast.Expr) bool {
	return IsPackageVar(info, e, PkgRuntimeOwnership, "ErrOwnerGone") || IsPackageVar(info, e, PkgRuntimeOwnership, "ErrNoOwner")
}

// NilTest reports whether cond compares an expression with nil, and returns
// the expression and the condition's value when it is nil.
func NilTest(info *types.Info, cond ast.Expr) (x ast.Expr, whenNil bool, ok bool) {
	e, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
	if !isBin || (e.Op != token.EQL && e.Op != token.NEQ) {
		return nil, false, false
	}
	x, y := e.X, e.Y
	if IsNil(info, x) {
		x, y = y, x
	}
	if !IsNil(info, y) || IsNil(info, x) {
		return nil, false, false
	}
	return ast.Unparen(x), e.Op == token.EQL, true
}

// IsPropagationPolicy reports whether call is client.PropagationPolicy(p)
// (the conversion to the option type) and returns p.
func IsPropagationPolicy(info *types.Info, e ast.Expr) (ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, false
	}
	tv, ok := info.Types[call.Fun]
	if !ok || !tv.IsType() || !IsNamed(tv.Type, PkgClient, "PropagationPolicy") {
		return nil, false
	}
	return call.Args[0], true
}

// IsNil reports whether e is the untyped nil.
func IsNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

func boolConstant(info *types.Info, e ast.Expr) (value, ok bool) {
	tv, found := info.Types[ast.Unparen(e)]
	if !found || tv.Value == nil || tv.Type == nil || !IsBool(tv.Type) {
		return false, false
	}
	return tv.Value.String() == "true", true
}
