// Reproduces an operator on controller-runtime v0.14 (Builder a struct, Watches taking a source): a StatefulSet it creates with a controller reference and does not watch.
package ownschildren

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"github.com/example/crv014/api"
)

type ClusterReconciler struct {
	client.Client
}

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Cluster{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sts := &appsv1.StatefulSet{}
	if err := controllerutil.SetControllerReference(c, sts, r.Scheme()); err != nil { // want `appsv1.StatefulSet is created with a controller reference to api.Cluster but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, sts); err != nil {
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{}
	if err := controllerutil.SetControllerReference(c, svc, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, svc)
}

func (r *ClusterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Cluster{}).
		Watches(&source.Kind{Type: &corev1.Service{}}, &handler.EnqueueRequestForOwner{OwnerType: &api.Cluster{}, IsController: true}).
		Complete(r)
}
