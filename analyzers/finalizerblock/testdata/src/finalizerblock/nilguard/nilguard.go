// Package nilguard reproduces deletion code that reads what another object // want package:`order\(Snapshot needs Secret, Snapshot needs Store; releases Snapshot\)`
// refers to through a helper that returns at once when handed no object:
// the reconciler sets its variable to nil when that object is not found,
// so the read happens only while the object exists, and its absence
// releases the finalizer. A Snapshot reads its Store's credentials Secret
// so: a missing Secret holds it back until the Store is gone, no longer.
// Where the variable keeps an empty object on not-found, or the helper
// reads something of the Snapshot's own before its test, the read does not
// wait for the Store, and is reported.
package nilguard

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/nilguard/connect"
	"finalizerblock/nilguard/store"
)

const fin = "snapshots.example.com/cleanup"

// HelperGuardReconciler hands the Store, nil when it is gone, to dial.
type HelperGuardReconciler struct{ client.Client }

// dial connects to the Store, and to nothing without one.
func (r *HelperGuardReconciler) dial(ctx context.Context, st *store.Store) (*connect.Conn, error) {
	if st == nil {
		return &connect.Conn{}, nil
	}
	return connect.Open(ctx, r.Client, st)
}

func (r *HelperGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	snap := &store.Snapshot{}
	if err := r.Get(ctx, req.NamespacedName, snap); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	st := &store.Store{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: snap.Namespace, Name: snap.Spec.Store}, st); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		st = nil
	}
	conn, err := r.dial(ctx, st)
	if err != nil {
		return ctrl.Result{}, err // waits for the Store to be gone at most
	}
	defer conn.Close()
	if snap.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(snap, fin) {
			return ctrl.Result{}, r.Update(ctx, snap)
		}
		return ctrl.Result{}, nil
	}
	controllerutil.RemoveFinalizer(snap, fin)
	return ctrl.Result{}, r.Update(ctx, snap)
}

// ForeignGuardReconciler does the same through a helper of another
// package.
type ForeignGuardReconciler struct{ client.Client }

func (r *ForeignGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	snap := &store.Snapshot{}
	if err := r.Get(ctx, req.NamespacedName, snap); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	st := &store.Store{}
	err := r.Get(ctx, client.ObjectKey{Namespace: snap.Namespace, Name: snap.Spec.Store}, st)
	if apierrors.IsNotFound(err) {
		st = nil
	} else if err != nil {
		return ctrl.Result{}, err
	}
	conn, err := connect.OpenIfAny(ctx, r.Client, st)
	if err != nil {
		return ctrl.Result{}, err // waits for the Store to be gone at most
	}
	defer conn.Close()
	if !snap.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(snap, fin)
		return ctrl.Result{}, r.Update(ctx, snap)
	}
	controllerutil.AddFinalizer(snap, fin)
	return ctrl.Result{}, r.Update(ctx, snap)
}

// WhenSetReconciler's helper reads inside a test that it has a Store.
type WhenSetReconciler struct{ client.Client }

func (r *WhenSetReconciler) check(ctx context.Context, st *store.Store) error {
	if st != nil {
		conn, err := connect.Open(ctx, r.Client, st)
		if err != nil {
			return err
		}
		conn.Close()
	}
	return nil
}

func (r *WhenSetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	snap := &store.Snapshot{}
	if err := r.Get(ctx, req.NamespacedName, snap); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	st := &store.Store{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: snap.Namespace, Name: snap.Spec.Store}, st); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		st = nil
	}
	if err := r.check(ctx, st); err != nil {
		return ctrl.Result{}, err // waits for the Store to be gone at most
	}
	if !snap.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(snap, fin)
		return ctrl.Result{}, r.Update(ctx, snap)
	}
	controllerutil.AddFinalizer(snap, fin)
	return ctrl.Result{}, r.Update(ctx, snap)
}

// EmptyStoreReconciler keeps the empty Store when it is not found: dial
// gets an object with no name, and reads a Secret that is not there.
type EmptyStoreReconciler struct{ HelperGuardReconciler }

func (r *EmptyStoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	snap := &store.Snapshot{}
	if err := r.Get(ctx, req.NamespacedName, snap); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	st := &store.Store{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: snap.Namespace, Name: snap.Spec.Store}, st); err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	conn, err := r.dial(ctx, st)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.dial reads is already deleted, this return keeps Snapshot from ever reaching the removal of finalizer "snapshots.example.com/cleanup" while it is being deleted`
	}
	defer conn.Close()
	if !snap.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(snap, fin)
		return ctrl.Result{}, r.Update(ctx, snap)
	}
	controllerutil.AddFinalizer(snap, fin)
	return ctrl.Result{}, r.Update(ctx, snap)
}

// TokenFirstReconciler's helper reads the Snapshot's own token Secret
// before it tests the Store: that read waits for nothing.
type TokenFirstReconciler struct{ client.Client }

func (r *TokenFirstReconciler) dialWithToken(ctx context.Context, snap *store.Snapshot, st *store.Store) (*connect.Conn, error) {
	tok := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: snap.Namespace, Name: snap.Spec.Token}, tok); err != nil {
		return nil, err
	}
	if st == nil {
		return &connect.Conn{}, nil
	}
	return connect.Open(ctx, r.Client, st)
}

func (r *TokenFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	snap := &store.Snapshot{}
	if err := r.Get(ctx, req.NamespacedName, snap); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	st := &store.Store{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: snap.Namespace, Name: snap.Spec.Store}, st); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		st = nil
	}
	conn, err := r.dialWithToken(ctx, snap, st)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.dialWithToken reads is already deleted, this return keeps Snapshot from ever reaching the removal of finalizer "snapshots.example.com/cleanup" while it is being deleted`
	}
	defer conn.Close()
	if !snap.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(snap, fin)
		return ctrl.Result{}, r.Update(ctx, snap)
	}
	controllerutil.AddFinalizer(snap, fin)
	return ctrl.Result{}, r.Update(ctx, snap)
}

// FallbackReconciler connects to a fallback Store when its own is gone:
// the Store dial is handed is never nil, and its Secret is read whatever
// is found.
type FallbackReconciler struct {
	HelperGuardReconciler
	fallback *store.Store
}

func (r *FallbackReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	snap := &store.Snapshot{}
	if err := r.Get(ctx, req.NamespacedName, snap); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	st := &store.Store{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: snap.Namespace, Name: snap.Spec.Store}, st); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		st = nil
	}
	if st == nil {
		st = r.fallback
	}
	conn, err := r.dial(ctx, st)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.dial reads is already deleted`
	}
	defer conn.Close()
	if !snap.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(snap, fin)
		return ctrl.Result{}, r.Update(ctx, snap)
	}
	controllerutil.AddFinalizer(snap, fin)
	return ctrl.Result{}, r.Update(ctx, snap)
}

var errNoStore = errors.New("no store")

// FailingHelperReconciler's helper fails for no Store: once the Store is
// gone, it fails on every pass, and the Snapshot never gets to its
// finalizer.
type FailingHelperReconciler struct{ client.Client }

func (r *FailingHelperReconciler) dialOrFail(ctx context.Context, st *store.Store) (*connect.Conn, error) {
	if st == nil {
		return nil, errNoStore
	}
	return connect.Open(ctx, r.Client, st)
}

func (r *FailingHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	snap := &store.Snapshot{}
	if err := r.Get(ctx, req.NamespacedName, snap); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	st := &store.Store{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: snap.Namespace, Name: snap.Spec.Store}, st); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		st = nil
	}
	conn, err := r.dialOrFail(ctx, st)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.dialOrFail reads is already deleted`
	}
	defer conn.Close()
	if !snap.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(snap, fin)
		return ctrl.Result{}, r.Update(ctx, snap)
	}
	controllerutil.AddFinalizer(snap, fin)
	return ctrl.Result{}, r.Update(ctx, snap)
}
