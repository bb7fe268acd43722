// Reproduces a controller that server-side applies its Service and a ConfigMap through a local alias of its own client.
package apply

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

type Reconciler struct {
	Client client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	svc := &corev1.Service{}
	if err := ctrl.SetControllerReference(m, svc, r.Client.Scheme()); err != nil { // want `corev1.Service is created with a controller reference to cachev1.Memcached`
		return ctrl.Result{}, err
	}
	if err := r.Client.Patch(ctx, svc, client.Apply, client.ForceOwnership, client.FieldOwner("memcached")); err != nil {
		return ctrl.Result{}, err
	}
	c := r.Client
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(m, cm, c.Scheme()); err != nil { // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, c.Create(ctx, cm)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr)
	return b.For(&cachev1.Memcached{}).Complete(r)
}
