package plaincontrol

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/plaincontrol/api"
)

// GatewayReconciler owns its Deployment and Job plainly and watches
// neither: Owns matches nothing it could miss, and neither kind carries a
// finalizer, so all the plain references change is the order of a
// foreground deletion (category order-only).
type GatewayReconciler struct {
	client.Client
}

func (r *GatewayReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &api.Gateway{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, obj := range []client.Object{&appsv1.Deployment{}, &batchv1.Job{}} {
		if err := controllerutil.SetOwnerReference(g, obj, r.Scheme()); err != nil { // want `plain owner reference without blockOwnerDeletion on the appsv1.Deployment and batchv1.Job this controller creates for its api.Gateway: it is the only owner of each, so the reference is control in all but name, but a foreground deletion of the owner does not wait for them; a Deployment and a Job have no finalizer of their own, so only the order of deletion changes unless a finalizer is added;`
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *GatewayReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Gateway{}).Complete(r)
}

// CacheReconciler adds its own finalizer to the StatefulSet it owns
// plainly: a foreground deletion of the Cache does not wait for that
// finalizer, which is more than the order.
type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sts := &appsv1.StatefulSet{}
	controllerutil.AddFinalizer(sts, "example.com/drain")
	if err := controllerutil.SetOwnerReference(c, sts, r.Scheme()); err != nil { // want `^plain owner reference without blockOwnerDeletion on the appsv1.StatefulSet this controller creates for its api.Cache: it is the only owner of the StatefulSet, so the reference is control in all but name, but a foreground deletion of the owner does not wait for the StatefulSet; make it a controller reference`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, sts)
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Cache{}).Complete(r)
}
