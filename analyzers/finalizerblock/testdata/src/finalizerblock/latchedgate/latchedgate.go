// Package latchedgate reproduces reconcilers that wait for a dependency's // want package:`order\(Shelf needs Cabinet, Shelf needs Store, Shelf needs Vault; releases Shelf\)`
// readiness before they add their finalizer. A Store's controller sets its
// Status.Ready to true and never back: a Shelf that got its finalizer had a
// ready Store, which stays ready, so the wait never holds the deletion. A
// Vault's readiness goes back to false when it fails (vaultops.MarkFailed),
// a Cabinet's readiness is set by no code in sight, and a Drawer gets its
// finalizer before it waits: those waits can hold the deletion for good.
package latchedgate

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/latchedgate/vaultops"
)

const fin = "storage.example.com/cleanup"

type Store struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status StoreStatus
}

type StoreStatus struct {
	Ready    bool
	Capacity int
}

func (in *Store) DeepCopyObject() runtime.Object { return in }

type Cabinet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status CabinetStatus
}

type CabinetStatus struct{ Ready bool }

func (in *Cabinet) DeepCopyObject() runtime.Object { return in }

// Shelf lives in a Store, a Vault or a Cabinet.
type Shelf struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ShelfSpec
}

type ShelfSpec struct {
	StoreName, VaultName, CabinetName string
}

func (in *Shelf) DeepCopyObject() runtime.Object { return in }

// StoreReconciler provisions Stores and marks them ready once, for good.
type StoreReconciler struct{ client.Client }

func (r *StoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Store{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.Status.Capacity == 0 {
		s.Status.Capacity = 10
	}
	s.Status.Ready = true
	return ctrl.Result{}, r.Status().Update(ctx, s)
}

// ShelfReconciler waits for its Store before it adds its finalizer.
type ShelfReconciler struct{ client.Client }

func (r *ShelfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sh := &Shelf{}
	if err := r.Get(ctx, req.NamespacedName, sh); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	store := &Store{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sh.Namespace, Name: sh.Spec.StoreName}, store); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err) // want `^when the Store named by sh.Spec.StoreName is already deleted`
	}
	if !store.Status.Ready {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // the Store was ready when the finalizer came, and stays so
	}
	if !sh.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(sh, fin)
		return ctrl.Result{}, r.Update(ctx, sh)
	}
	controllerutil.AddFinalizer(sh, fin)
	return ctrl.Result{}, r.Update(ctx, sh)
}

// VaultShelfReconciler waits for a Vault, whose readiness can go back.
type VaultShelfReconciler struct{ client.Client }

func (r *VaultShelfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sh := &Shelf{}
	if err := r.Get(ctx, req.NamespacedName, sh); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	v := &vaultops.Vault{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sh.Namespace, Name: sh.Spec.VaultName}, v); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err) // want `^when the Vault named by sh.Spec.VaultName is already deleted`
	}
	if !v.Status.Ready {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `^while the Vault named by sh.Spec.VaultName is not ready \(v.Status.Ready\)`
	}
	if !sh.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(sh, fin)
		return ctrl.Result{}, r.Update(ctx, sh)
	}
	controllerutil.AddFinalizer(sh, fin)
	return ctrl.Result{}, r.Update(ctx, sh)
}

// CabinetShelfReconciler waits for a Cabinet, whose readiness another
// controller sets.
type CabinetShelfReconciler struct{ client.Client }

func (r *CabinetShelfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sh := &Shelf{}
	if err := r.Get(ctx, req.NamespacedName, sh); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	c := &Cabinet{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sh.Namespace, Name: sh.Spec.CabinetName}, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err) // want `^when the Cabinet named by sh.Spec.CabinetName is already deleted`
	}
	if !c.Status.Ready {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `^while the Cabinet named by sh.Spec.CabinetName is not ready \(c.Status.Ready\)`
	}
	if !sh.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(sh, fin)
		return ctrl.Result{}, r.Update(ctx, sh)
	}
	controllerutil.AddFinalizer(sh, fin)
	return ctrl.Result{}, r.Update(ctx, sh)
}

// EagerShelfReconciler adds its finalizer before it waits for the Store.
type EagerShelfReconciler struct{ client.Client }

func (r *EagerShelfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sh := &Shelf{}
	if err := r.Get(ctx, req.NamespacedName, sh); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(sh, fin) {
		return ctrl.Result{}, r.Update(ctx, sh)
	}
	store := &Store{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sh.Namespace, Name: sh.Spec.StoreName}, store); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err) // want `^when the Store named by sh.Spec.StoreName is already deleted`
	}
	if !store.Status.Ready {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `^while the Store named by sh.Spec.StoreName is not ready \(store.Status.Ready\)`
	}
	if !sh.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(sh, fin)
		return ctrl.Result{}, r.Update(ctx, sh)
	}
	return ctrl.Result{}, nil
}

// keep vaultops' writers in use.
var _ = []func(*vaultops.Vault){vaultops.MarkReady}
