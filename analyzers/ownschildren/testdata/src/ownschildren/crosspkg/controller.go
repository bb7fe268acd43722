// Reproduces a controller whose children are owned and created by helpers of another package (found through facts).
package crosspkg

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/crosspkg/resources"
)

type Reconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := resources.Ensure(ctx, r.Client, m, &corev1.ConfigMap{}, r.Scheme); err != nil { // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached`
		return ctrl.Result{}, err
	}
	if err := resources.Ensure(ctx, r.Client, m, &corev1.ServiceAccount{}, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	s, err := resources.Secret(m, r.Scheme) // want `corev1.Secret is created with a controller reference to cachev1.Memcached`
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, s)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&corev1.ServiceAccount{}).
		Complete(r)
}
