// An unmanaged controller added to the manager after its watches: adding
// it adds no watch, so its children are known.
package unmanaged

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	cachev1 "ownschildren/api/v1"
)

type Reconciler struct {
	client client.Client
	scheme *runtime.Scheme
}

func (r *Reconciler) SetupWithManager(mgr manager.Manager) error {
	c, err := controller.NewUnmanaged("memcached", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	if err := c.Watch(source.Kind(mgr.GetCache(), &cachev1.Memcached{}, &handler.TypedEnqueueRequestForObject[*cachev1.Memcached]{})); err != nil {
		return err
	}
	return mgr.Add(c)
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.client.Get(ctx, req.NamespacedName, m); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(m, s, r.scheme); err != nil { // want `corev1.Secret is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.client.Create(ctx, s)
}
