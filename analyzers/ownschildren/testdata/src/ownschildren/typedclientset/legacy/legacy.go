// Reproduces an operator that creates its Service through a typed
// clientset of the API before client-go took a context, and does not
// watch it.
package legacy

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
	legacyv1 "ownschildren/typedclientset/legacy/typed/core/v1"
)

type MemcachedReconciler struct {
	client.Client
	Scheme *runtime.Scheme
	Core   legacyv1.ServicesGetter
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	svc := &corev1.Service{}
	svc.Namespace, svc.Name = m.Namespace, m.Name
	if err := controllerutil.SetControllerReference(m, svc, r.Scheme); err != nil { // want `corev1.Service is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	_, err := r.Core.Services(m.Namespace).Create(svc)
	return ctrl.Result{}, err
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
