// Reproduces an operator whose Replica names its primary in a required spec field: its controller Gets that primary and makes it the Replica's controller owner (self-adoption), so the name and the owner cannot disagree. Its Snapshot controller reads the primary the same way without adopting: the lookup is reported. // want package:`byName\(; 1 pairs\)`
package selfadoption

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Primary struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Primary) DeepCopyObject() runtime.Object   { return in }
func (in *Primary) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Replica struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ReplicaSpec
}

type ReplicaSpec struct {
	// PrimaryName is required.
	PrimaryName string
}

func (in *Replica) DeepCopyObject() runtime.Object   { return in }
func (in *Replica) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type ReplicaReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *ReplicaReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:"owners\\(ownerbyref/selfadoption.Primary>ownerbyref/selfadoption.Replica\\)"
	replica := &Replica{}
	if err := r.Get(ctx, req.NamespacedName, replica); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	primary := &Primary{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: replica.Namespace, Name: replica.Spec.PrimaryName}, primary); err != nil {
		return reconcile.Result{}, err
	}
	if err := controllerutil.SetControllerReference(primary, replica, r.Scheme); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.Update(ctx, replica)
}

// ReplicaStatusReconciler reads the Replica's primary by the spec's name
// for its status, and adopts nothing.
type ReplicaStatusReconciler struct {
	client.Client
}

func (r *ReplicaStatusReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	replica := &Replica{}
	if err := r.Get(ctx, req.NamespacedName, replica); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	primary := &Primary{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: replica.Namespace, Name: replica.Spec.PrimaryName}, primary); err != nil { // want `Get of the owning Primary by a name taken from the object's spec`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}
