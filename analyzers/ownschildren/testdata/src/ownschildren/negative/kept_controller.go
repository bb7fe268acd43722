// Reproduces Cluster API's external tracker: the controller returned by Build is kept and watches are added to it at run time.
package negative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"

	cachev1 "ownschildren/api/v1"
)

type TrackerReconciler struct {
	client.Client
	controller controller.Controller
}

func (r *TrackerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	pod := &corev1.Pod{}
	if err := ctrl.SetControllerReference(m, pod, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, pod)
}

func (r *TrackerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	c, err := ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Build(r)
	if err != nil {
		return err
	}
	r.controller = c
	return nil
}
