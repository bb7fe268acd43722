// Reproduces children reconciled in helpers: CreateOrUpdate with the controller reference set in the mutate closure.
package split

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

type CacheReconciler struct {
	Client client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Client.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.reconcileService(ctx, c); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.reconcileConfig(ctx, c)
}

func (r *CacheReconciler) reconcileService(ctx context.Context, c *cachev1.Cache) error {
	svc := &corev1.Service{}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, svc, func() error {
		return controllerutil.SetControllerReference(c, svc, r.Client.Scheme())
	})
	return err
}

func (r *CacheReconciler) reconcileConfig(ctx context.Context, c *cachev1.Cache) error {
	cm := &corev1.ConfigMap{}
	_, err := controllerutil.CreateOrPatch(ctx, r.Client, cm, func() error {
		return controllerutil.SetControllerReference(c, cm, r.Client.Scheme()) // want `corev1.ConfigMap is created with a controller reference to cachev1.Cache but its controller does not watch it`
	})
	return err
}
