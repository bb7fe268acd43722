// One reconciler given two controllers: controller.New in an add function
// that watches its children, and a builder in a SetupWithManager that
// watches only the reconciled kind (kept from a scaffold, and not the one
// the manager runs). Whichever runs brings the same Reconcile back, so a
// child is unwatched only if neither watches it.
package twosetups

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	cachev1 "ownschildren/api/v1"
)

// Add makes the controller the manager runs.
func Add(mgr manager.Manager) error {
	return add(mgr, &ReconcileMemcached{client: mgr.GetClient(), scheme: mgr.GetScheme()})
}

func add(mgr manager.Manager, r reconcile.Reconciler) error {
	c, err := controller.New("memcached", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	if err = c.Watch(source.Kind(mgr.GetCache(), &cachev1.Memcached{}, &handler.TypedEnqueueRequestForObject[*cachev1.Memcached]{})); err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &corev1.Service{},
		handler.TypedEnqueueRequestForOwner[*corev1.Service](mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Memcached{})))
}

type ReconcileMemcached struct {
	client client.Client
	scheme *runtime.Scheme
}

// SetupWithManager is the scaffold's builder, which watches no child.
func (r *ReconcileMemcached) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Complete(r)
}

func (r *ReconcileMemcached) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.client.Get(ctx, req.NamespacedName, m); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	svc := &corev1.Service{} // watched by the controller add makes
	if err := controllerutil.SetControllerReference(m, svc, r.scheme); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.client.Create(ctx, svc); err != nil {
		return reconcile.Result{}, err
	}
	sa := &corev1.ServiceAccount{}
	if err := controllerutil.SetControllerReference(m, sa, r.scheme); err != nil { // want `corev1.ServiceAccount is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.client.Create(ctx, sa)
}
