// Reproduces operators that loop over a list of resource builders, building each child through an interface and setting its controller reference in the builder's Update, or themselves on the built object asserted to metav1.Object: the StatefulSet builder's child is not watched, the Service builder's is.
package builderlist

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
	"ownschildren/builderlist/resource"
)

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	rb := &resource.MemcachedBuilder{Instance: m, Scheme: r.Scheme()}
	for _, b := range rb.Builders() {
		obj, err := b.Build()
		if err != nil {
			return ctrl.Result{}, err
		}
		if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, obj, func() error {
			return b.Update(obj) // want `appsv1.StatefulSet is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		}); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&corev1.Service{}).Complete(r)
}

// CacheReconciler sets the controller reference itself, on the built
// object asserted to metav1.Object: its StatefulSet is not watched either.
type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	rb := &resource.MemcachedBuilder{Scheme: r.Scheme()}
	for _, b := range rb.Builders() {
		obj, err := b.Build()
		if err != nil {
			return ctrl.Result{}, err
		}
		if err := controllerutil.SetControllerReference(c, obj.(metav1.Object), r.Scheme()); err != nil { // want `appsv1.StatefulSet is created with a controller reference to cachev1.Cache but its controller does not watch it`
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}).Owns(&corev1.Service{}).Complete(r)
}
