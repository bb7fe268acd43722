package ownerfirst

import (
	"context"
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

// findPool is a provider's own copy of GetOwnerMachinePool: no MachinePool
// owner reference, no pool and no error.
func findPool(ctx context.Context, c client.Client, obj metav1.ObjectMeta) (*clusterv1.MachinePool, error) {
	for _, ref := range obj.GetOwnerReferences() {
		if ref.Kind != "MachinePool" {
			continue
		}
		pool := &clusterv1.MachinePool{}
		if err := c.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: ref.Name}, pool); err != nil {
			return nil, err
		}
		return pool, nil
	}
	return nil, nil
}

// requirePool fails when there is no owner reference: its callers never
// see a nil pool without an error.
func requirePool(ctx context.Context, c client.Client, obj metav1.ObjectMeta) (*clusterv1.MachinePool, error) {
	for _, ref := range obj.OwnerReferences {
		if ref.Kind == "MachinePool" {
			pool := &clusterv1.MachinePool{}
			return pool, c.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: ref.Name}, pool)
		}
	}
	return nil, errors.New("no MachinePool owner yet")
}

// LocalPoolReconciler stops on a nil pool also while it is being deleted.
type LocalPoolReconciler struct {
	client.Client
}

func (r *LocalPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pool, err := findPool(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced MachinePool that \w+ reads is already deleted, this return keeps DockerMachine`
	}
	if pool == nil {
		return ctrl.Result{}, nil // want `when the owning MachinePool \([^)]*\) is already deleted \(or was never set\), this return keeps DockerMachine`
	}
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, api.MachineFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

// GuardedLocalPoolReconciler stops on a nil pool only while not deleting,
// and RequiredPoolReconciler's helper never yields a nil pool without an
// error: neither nil check is reported. (Their helpers' errors include the
// pool's not-found, returned for retry: reported as dependencies.)
type GuardedLocalPoolReconciler struct {
	client.Client
}

func (r *GuardedLocalPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pool, err := findPool(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced MachinePool that \w+ reads is already deleted, this return keeps DockerMachine`
	}
	if pool == nil && obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, api.MachineFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

type RequiredPoolReconciler struct {
	client.Client
}

func (r *RequiredPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pool, err := requirePool(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced MachinePool that \w+ reads is already deleted, this return keeps DockerMachine`
	}
	if pool == nil {
		return ctrl.Result{}, nil
	}
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, api.MachineFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

// poolOwnedBy walks the owner references of the pools it lists, not of
// the object given to it: a nil pool means none is owned by obj (nothing
// gone), so NoPoolReconciler's nil check is not reported.
func poolOwnedBy(pools []clusterv1.MachinePool, obj metav1.ObjectMeta) (*clusterv1.MachinePool, error) {
	for i := range pools {
		for _, ref := range pools[i].OwnerReferences {
			if ref.UID == obj.UID {
				return &pools[i], nil
			}
		}
	}
	return nil, nil
}

type NoPoolReconciler struct {
	client.Client
	pools []clusterv1.MachinePool
}

func (r *NoPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pool, err := poolOwnedBy(r.pools, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if pool == nil {
		return ctrl.Result{}, nil
	}
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, api.MachineFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}
