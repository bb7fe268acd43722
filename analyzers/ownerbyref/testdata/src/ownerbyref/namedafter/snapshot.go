package namedafter

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// A Snapshot is named like the Appliance it belongs to, by contract.
type Snapshot struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Snapshot) DeepCopyObject() runtime.Object   { return in }
func (in *Snapshot) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type SnapshotReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile finds the Appliance of its Snapshot's own name and makes it
// the Snapshot's owner: the reference comes from the lookup.
func (r *SnapshotReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:"owners\\(ownerbyref/namedafter.Appliance>ownerbyref/namedafter.Snapshot\\)"
	snap := &Snapshot{}
	if err := r.Get(ctx, req.NamespacedName, snap); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	a := &Appliance{}
	if err := r.Get(ctx, req.NamespacedName, a); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if err := controllerutil.SetOwnerReference(a, snap, r.Scheme); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.Update(ctx, snap)
}

// SnapshotStatusReconciler reads the Appliance of the same name and
// adopts nothing.
type SnapshotStatusReconciler struct{ client.Client }

func (r *SnapshotStatusReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if err := r.Get(ctx, req.NamespacedName, &Snapshot{}); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	a := &Appliance{}
	if err := r.Get(ctx, req.NamespacedName, a); err != nil { // want `Get of the owning Appliance by a name taken from the object's own name`
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	return reconcile.Result{}, nil
}
