// Reproduces two Cluster API providers whose Reconcile reads the object and
// hands it to a helper that returns when the owner is not set yet, before
// the deletion branch. In the first, the helper adds the finalizer only
// once the owner was found, and Reconcile adds none before calling it: an
// object that never had an owner never got the finalizer. In the second,
// Reconcile adds the finalizer before calling the helper: the helper's
// return on a missing owner strands it.
package precision

import (
	"context"

	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type DelegatingReconciler struct {
	client.Client
}

func (r *DelegatingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.reconcile(ctx, m)
}

func (r *DelegatingReconciler) reconcile(ctx context.Context, m *Member) (ctrl.Result, error) {
	cluster, err := util.GetOwnerCluster(ctx, r.Client, m.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil {
		return ctrl.Result{}, nil // no owner yet: the finalizer was never added
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, finalizerName)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	if controllerutil.AddFinalizer(m, finalizerName) {
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}

type AddsBeforeDelegating struct {
	client.Client
}

func (r *AddsBeforeDelegating) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() && controllerutil.AddFinalizer(m, finalizerName) {
		if err := r.Update(ctx, m); err != nil {
			return ctrl.Result{}, err
		}
	}
	return r.reconcileMember(ctx, m)
}

func (r *AddsBeforeDelegating) reconcileMember(ctx context.Context, m *Member) (ctrl.Result, error) {
	cluster, err := util.GetOwnerCluster(ctx, r.Client, m.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil {
		return ctrl.Result{}, nil // want `when the owning Cluster \(util.GetOwnerCluster\) is already deleted \(or was never set\), this return keeps Member from ever reaching the removal of finalizer "example.com/cleanup"`
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, finalizerName)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	controllerutil.AddFinalizer(m, finalizerName)
	return ctrl.Result{}, r.Update(ctx, m)
}

type PausedOrOwnerless struct {
	client.Client
}

// Reconcile returns when the owner is not set or the object is paused,
// in one condition, and adds the finalizer only past it.
func (r *PausedOrOwnerless) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, m.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil || m.Annotations["example.com/paused"] != "" {
		return ctrl.Result{}, nil
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, finalizerName)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	controllerutil.AddFinalizer(m, finalizerName)
	return ctrl.Result{}, r.Update(ctx, m)
}
