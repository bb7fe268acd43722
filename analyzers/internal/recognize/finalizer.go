package recognize

import (
	"go/ast"
	"go/types"
)

// PkgRuntimeFinalizer is the runtime module's finalizer helper package.
const PkgRuntimeFinalizer = PkgRuntimeModule + "/finalizer"

// FinalizerRemoval describes a call that removes a finalizer from an object.
type FinalizerRemoval struct {
	Call *ast.CallExpr
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
// controllerutil.AddFinalizer, the runtime's finalizer.Add, or a
// SetFinalizers call whose argument is an append.
func IsFinalizerAdd(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	if fn != nil && fn.Name() == "SetFinalizers" && Receiver(fn) != nil && len(call.Args) == 1 {
		return IsAppend(info, call.Args[0])
	}
	return IsFunc(fn, PkgControllerutil, "AddFinalizer") || IsFunc(fn, PkgRuntimeFinalizer, "Add")
}

// IsAppend reports whether e is a call of the built-in append.
func IsAppend(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "append"
}

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
		obj := call.Args[0]
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && len(call.Args) == 1 {
			obj = sel.X // obj.SetFinalizers(append(...))
		}
		if t := info.TypeOf(obj); t != nil {
			out[types.TypeString(Unpointer(t), nil)] = true
		}
	}
	return out
}
