// Reproduces an operator that server-side applies its children in every spelling: Patch with its own patch type whose Type() is types.ApplyPatchType, Patch with client.RawPatch(types.ApplyPatchType, ...), and the client's Apply with an apply configuration carrying a controller owner reference.
package serversideapply

import (
	"context"
	"encoding/json"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

// applyPatch is the operator's own server-side apply patch.
type applyPatch struct{ obj client.Object }

func (p applyPatch) Type() types.PatchType { return types.ApplyPatchType }

func (p applyPatch) Data(obj client.Object) ([]byte, error) { return json.Marshal(p.obj) }

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := controllerutil.SetControllerReference(m, dep, r.Scheme()); err != nil { // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Patch(ctx, dep, applyPatch{obj: dep}, client.FieldOwner("memcached")); err != nil {
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{}
	if err := controllerutil.SetControllerReference(m, svc, r.Scheme()); err != nil { // want `corev1.Service is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	data, err := json.Marshal(svc)
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Patch(ctx, svc, client.RawPatch(types.ApplyPatchType, data), client.ForceOwnership); err != nil {
		return ctrl.Result{}, err
	}
	cm := corev1ac.ConfigMap(m.Name, m.Namespace).
		WithData(map[string]string{"size": "1"}).
		WithOwnerReferences(metav1ac.OwnerReference().WithName(m.Name).WithUID(m.UID).WithController(true)) // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached but its controller does not watch it`
	return ctrl.Result{}, r.Apply(ctx, cm, client.FieldOwner("memcached"))
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}

// CacheReconciler merge-patches a Secret it does not create: not its
// child, however it is patched.
type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(c, secret, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Patch(ctx, secret, client.RawPatch(types.MergePatchType, nil))
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}).Complete(r)
}
