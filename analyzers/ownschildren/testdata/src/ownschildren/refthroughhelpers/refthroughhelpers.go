// Reproduces an operator that makes its owner's controller reference with a helper and passes it through generator functions of another package into the children's metadata: the Deployment it creates is not watched, the Service is; a Secret given the reference by an addOwnerRef helper is not watched either.
package refthroughhelpers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/refthroughhelpers/manifests"
)

// ownerRef returns the Memcached's controller reference.
func ownerRef(m *cachev1.Memcached) metav1.OwnerReference {
	return *metav1.NewControllerRef(m, cachev1.GroupVersion.WithKind("Memcached"))
}

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ref := ownerRef(m)
	for _, obj := range manifests.All(m.Name, ref) { // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		if err := r.Create(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	secret := &corev1.Secret{}
	manifests.AddOwnerRef(secret, ref) // want `corev1.Secret is created with a controller reference to cachev1.Memcached but its controller does not watch it`
	return ctrl.Result{}, r.Create(ctx, secret)
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&corev1.Service{}).Complete(r)
}

// secretFor creates the Memcached's Secret, whoever calls it: the
// reference it hands the helper names the Memcached.
func secretFor(ctx context.Context, c client.Client, m *cachev1.Memcached) error {
	ref := *metav1.NewControllerRef(m, cachev1.GroupVersion.WithKind("Memcached"))
	secret := &corev1.Secret{}
	manifests.AddOwnerRef(secret, ref)
	return c.Create(ctx, secret)
}

// CacheReconciler makes a Memcached's Secret: not a child of the Cache.
type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, secretFor(ctx, r.Client, &m)
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}).Complete(r)
}
