package recognize

import (
	"go/ast"
	"go/types"
)

// PkgRuntimeFinalizer is the runtime module's finalizer helper package.
const PkgRuntimeFinalizer = PkgRuntimeModule + "/finalizer"

// FinalizerRemoval describes a call or an assignment that removes a
// finalizer from an object.
type FinalizerRemoval struct {
	// Call is the removing call, or nil for an assignment.
	Call *ast.CallExpr
	// Assign is the assignment of the object's Finalizers field that
	// removes (obj.Finalizers = kept), or nil for a call.
	Assign *ast.AssignStmt
	// Object is the object whose finalizer is removed, or nil when it
	// cannot be told.
	Object ast.Expr
	// Name is the finalizer's name, or nil when the call does not say
	// (a SetFinalizers edit, a finalizer.Runner built elsewhere).
	Name ast.Expr
	// Helper reports a call of the runtime module's finalizer helpers,
	// which remove the finalizer conflict-safely and treat a missing
	// dependency as gone.
	Helper bool
	// Guarded reports a removal made only once the object is being
	// deleted, by a helper that tests its deletion itself (the runtime
	// module's, or any whose removal is in its own deletion code): what
	// its caller does before calling it runs on deletion passes too,
	// without a deletion test of the caller's own.
	Guarded bool
}

// Node returns the removing call or assignment.
func (r *FinalizerRemoval) Node() ast.Node {
	switch {
	case r.Assign != nil:
		return r.Assign
	case r.Call != nil:
		return r.Call
	}
	return nil
}

// List returns the list of finalizers the removal writes back whole (the
// argument of SetFinalizers, the value assigned to the Finalizers field),
// or nil for a removal by name.
func (r *FinalizerRemoval) List() ast.Expr {
	switch {
	case r.Assign != nil:
		return r.Assign.Rhs[0]
	case r.Name == nil && !r.Helper && r.Call != nil && len(r.Call.Args) == 1:
		return r.Call.Args[0]
	}
	return nil
}

// AsFinalizerEdit reports whether n removes a finalizer: a call
// AsFinalizerRemoval recognises, or an assignment FinalizerAssign does.
func AsFinalizerEdit(info *types.Info, n ast.Node) (FinalizerRemoval, bool) {
	switch n := n.(type) {
	case *ast.CallExpr:
		return AsFinalizerRemoval(info, n)
	case *ast.AssignStmt:
		return FinalizerAssign(info, n)
	}
	return FinalizerRemoval{}, false
}

// FinalizerAssign reports whether assign removes a finalizer by storing in
// an object's Finalizers field (metav1.ObjectMeta's, promoted or not) a
// list that drops entries: obj.Finalizers = kept, obj.ObjectMeta.Finalizers
// = removeString(obj.Finalizers, name), obj.Finalizers = nil; the shapes
// written before controllerutil.RemoveFinalizer. A list that adds (an
// append), sets (a literal with elements) or copies another object's
// (other.Finalizers, other.GetFinalizers()) removes nothing of its own, nor
// does a setter that stores the list it is handed (a parameter). The
// name is the string argument of a filtering call, when it has one.
func FinalizerAssign(info *types.Info, assign *ast.AssignStmt) (FinalizerRemoval, bool) {
	obj := FinalizersAssigned(info, assign)
	if obj == nil {
		return FinalizerRemoval{}, false
	}
	r := FinalizerRemoval{Assign: assign, Object: obj}
	switch rhs := ast.Unparen(assign.Rhs[0]).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(rhs).(*types.Var); ok && v.Kind() == types.ParamVar {
			// A setter (ObjectMeta.SetFinalizers): its callers'
			// lists are what it stores.
			return FinalizerRemoval{}, false
		}
	case *ast.CompositeLit:
		if len(rhs.Elts) > 0 {
			return FinalizerRemoval{}, false
		}
	case *ast.SelectorExpr:
		if rhs.Sel.Name == "Finalizers" {
			return FinalizerRemoval{}, false
		}
	case *ast.CallExpr:
		if IsAppend(info, rhs) {
			return FinalizerRemoval{}, false
		}
		if sel, ok := ast.Unparen(rhs.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "GetFinalizers" {
			return FinalizerRemoval{}, false
		}
		var names []ast.Expr
		for _, a := range rhs.Args {
			if b, ok := info.TypeOf(a).(*types.Basic); ok && b.Info()&types.IsString != 0 {
				names = append(names, a)
			}
		}
		if len(names) == 1 {
			r.Name = names[0]
		}
	}
	return r, true
}

// FinalizersAssigned returns the object whose Finalizers field (of
// metav1.ObjectMeta) the single plain assignment assign stores, whatever
// it stores, or nil: obj for obj.Finalizers and obj.ObjectMeta.Finalizers.
func FinalizersAssigned(info *types.Info, assign *ast.AssignStmt) ast.Expr {
	if assign.Tok.String() != "=" || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 {
		return nil
	}
	return finalizersField(info, assign.Lhs[0])
}

// finalizersField returns obj when e is obj.Finalizers or
// obj.ObjectMeta.Finalizers, metav1.ObjectMeta's field; else nil.
func finalizersField(info *types.Info, e ast.Expr) ast.Expr {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Finalizers" {
		return nil
	}
	field, ok := info.ObjectOf(sel.Sel).(*types.Var)
	if !ok || !field.IsField() || field.Pkg() == nil || field.Pkg().Path() != PkgMetaV1 {
		return nil
	}
	obj := sel.X
	if inner, ok := ast.Unparen(obj).(*ast.SelectorExpr); ok && inner.Sel.Name == "ObjectMeta" {
		obj = inner.X
	}
	return obj
}

// AsFinalizerRemoval reports whether call removes a finalizer:
// controllerutil.RemoveFinalizer(obj, name), the runtime's
// finalizer.Remove(ctx, c, obj, name) and finalizer.Runner.Reconcile(ctx,
// obj), or a SetFinalizers edit whose argument is not an append (an edit of
// the finalizer slice that drops entries).
func AsFinalizerRemoval(info *types.Info, call *ast.CallExpr) (FinalizerRemoval, bool) {
	fn := Callee(info, call)
	if fn == nil {
		return FinalizerRemoval{}, false
	}
	r := FinalizerRemoval{Call: call}
	switch {
	case IsFunc(fn, PkgControllerutil, "RemoveFinalizer"):
		if len(call.Args) == 2 {
			r.Object, r.Name = call.Args[0], call.Args[1]
		}
		return r, true
	case IsFunc(fn, PkgRuntimeFinalizer, "Remove"):
		if len(call.Args) == 4 {
			r.Object, r.Name = call.Args[2], call.Args[3]
		}
		r.Helper, r.Guarded = true, true
		return r, true
	case IsMethod(fn, PkgRuntimeFinalizer, "Runner", "Reconcile"):
		if len(call.Args) == 2 {
			r.Object = call.Args[1]
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			r.Name = CompositeField(sel.X, "Name")
		}
		r.Helper, r.Guarded = true, true
		return r, true
	case fn.Name() == "SetFinalizers" && Receiver(fn) != nil && len(call.Args) == 1:
		if IsAppend(info, call.Args[0]) {
			return FinalizerRemoval{}, false
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			r.Object = sel.X
		}
		return r, true
	}
	return FinalizerRemoval{}, false
}

// IsFinalizerAdd reports whether call adds a finalizer:
// controllerutil.AddFinalizer, the runtime's finalizer.Add, a
// SetFinalizers call whose argument is an append, or an append to an
// object's Finalizers field (obj.Finalizers = append(obj.Finalizers,
// name), as code written before controllerutil.AddFinalizer does).
func IsFinalizerAdd(info *types.Info, call *ast.CallExpr) bool {
	if FinalizersAppended(info, call) != nil {
		return true
	}
	fn := Callee(info, call)
	if fn != nil && fn.Name() == "SetFinalizers" && Receiver(fn) != nil && len(call.Args) == 1 {
		return IsAppend(info, call.Args[0])
	}
	return IsFunc(fn, PkgControllerutil, "AddFinalizer") || IsFunc(fn, PkgRuntimeFinalizer, "Add")
}

// FinalizersAppended returns the object whose Finalizers field (of
// metav1.ObjectMeta) call appends to, append(obj.Finalizers, name) or
// append(obj.ObjectMeta.Finalizers, name), or nil for any other call.
func FinalizersAppended(info *types.Info, call *ast.CallExpr) ast.Expr {
	if !IsAppend(info, call) || len(call.Args) < 2 || call.Ellipsis.IsValid() {
		return nil
	}
	return finalizersField(info, call.Args[0])
}

// FinalizerAddObject returns the object a finalizer add (IsFinalizerAdd)
// adds to, or nil.
func FinalizerAddObject(info *types.Info, call *ast.CallExpr) ast.Expr {
	if obj := FinalizersAppended(info, call); obj != nil {
		return obj
	}
	fn := Callee(info, call)
	switch {
	case fn != nil && fn.Name() == "SetFinalizers" && len(call.Args) == 1:
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
	case IsFunc(fn, PkgControllerutil, "AddFinalizer") && len(call.Args) == 2:
		return call.Args[0]
	case IsFunc(fn, PkgRuntimeFinalizer, "Add") && len(call.Args) == 4:
		return call.Args[2]
	}
	return nil
}

// IsAppend reports whether e is a call of the built-in append.
func IsAppend(info *types.Info, e ast.Expr) bool { return Builtin(info, e) == "append" }

// withoutFinalizers are the built-in kinds that carry no finalizer of their
// own (none that their controllers or the API server add): once a Delete of
// one succeeds it is gone. PersistentVolumeClaims and PersistentVolumes
// (protection finalizers), Namespaces, Pods (Job tracking), Services (load
// balancer cleanup) and Ingresses (controllers' finalizers) are not among
// them.
var withoutFinalizers = map[string]bool{
	"ConfigMap": true, "Secret": true, "ServiceAccount": true,
	"Deployment": true, "StatefulSet": true, "DaemonSet": true, "ReplicaSet": true, "ControllerRevision": true,
	"Job": true, "CronJob": true,
	"Role": true, "RoleBinding": true, "ClusterRole": true, "ClusterRoleBinding": true,
	"NetworkPolicy": true, "PodDisruptionBudget": true, "HorizontalPodAutoscaler": true,
	"Endpoints": true, "EndpointSlice": true, "ResourceQuota": true, "LimitRange": true, "Lease": true,
	"ValidatingWebhookConfiguration": true, "MutatingWebhookConfiguration": true,
}

// WithoutFinalizers reports whether the type name of the package path is a
// built-in kind (of k8s.io/api) that carries no finalizer of its own: the
// garbage collector, or a Delete, removes it at once. An operator may still
// add one of its own (see FinalizedTypes).
func WithoutFinalizers(path, name string) bool {
	return PathUnder(path, PkgAPI) && withoutFinalizers[name]
}

// releasedWhenUnused are the built-in kinds whose only finalizer is a
// protection that the API server's controllers remove once nothing uses the
// object: a PersistentVolumeClaim's (kubernetes.io/pvc-protection) while a
// Pod mounts it, a PersistentVolume's (kubernetes.io/pv-protection) while a
// claim is bound to it.
var releasedWhenUnused = map[string]bool{"PersistentVolumeClaim": true, "PersistentVolume": true}

// NeverHeldForGood reports whether the deletion of an object of the built-in
// kind name of package path completes without anyone removing a finalizer
// of its own: it has none (WithoutFinalizers), or only a protection released
// once nothing uses the object. The users of a claim are Pods, which leave
// with their own owners; so a deletion of such an object, once accepted,
// cannot leak, only wait. An operator may still add a finalizer of its own
// (see FinalizedTypes).
func NeverHeldForGood(path, name string) bool {
	return WithoutFinalizers(path, name) || PathUnder(path, PkgAPI) && releasedWhenUnused[name]
}

// FinalizedTypes returns the types (types.TypeString of the type, not a
// pointer) to which one of calls adds a finalizer.
func FinalizedTypes(info *types.Info, calls []*ast.CallExpr) map[string]bool {
	out := make(map[string]bool)
	for _, call := range calls {
		if !IsFinalizerAdd(info, call) || len(call.Args) == 0 {
			continue
		}
		obj := FinalizerAddObject(info, call)
		if t := info.TypeOf(obj); obj != nil && t != nil {
			out[types.TypeString(Unpointer(t), nil)] = true
		}
	}
	return out
}
