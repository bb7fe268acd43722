// Reproduces a Cluster API provider that returns when its owner is not set yet, before the deletion branch, and adds its finalizer only once the owner was found: an object that never had an owner never got the finalizer, so the return strands nothing; a sibling that adds the finalizer first is reported.
package precision

import (
	"context"

	"sigs.k8s.io/cluster-api/util"
	"sigs.k8s.io/cluster-api/util/finalizers"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type OwnerFirstReconciler struct {
	client.Client
}

func (r *OwnerFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
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
	controllerutil.AddFinalizer(m, finalizerName)
	return ctrl.Result{}, r.Update(ctx, m)
}

type FinalizerFirstReconciler struct {
	client.Client
}

func (r *FinalizerFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() && !controllerutil.ContainsFinalizer(m, finalizerName) {
		controllerutil.AddFinalizer(m, finalizerName)
		return ctrl.Result{}, r.Update(ctx, m)
	}
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
	return ctrl.Result{}, nil
}

type EnsureFirstReconciler struct {
	client.Client
}

// Reconcile adds the finalizer through a library helper once the owner is
// found, as Cluster API's KubeadmControlPlane does.
func (r *EnsureFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, m.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil {
		return ctrl.Result{}, nil
	}
	if added, err := finalizers.EnsureFinalizer(ctx, r.Client, m, finalizerName); err != nil || added {
		return ctrl.Result{}, err
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, finalizerName)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}
