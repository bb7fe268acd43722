// Deletions that reach the removal of their finalizer only while a field // want package:`order\(releases Locker\)`
// of the object's spec says so: an object deleted while it says otherwise
// (a spec edited after the finalizer was added) keeps its finalizer for
// ever. Beside them, deletions that let the spec decide only the cleanup.
package specgate

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/specgate/vault"
)

const finalizer = "store.example.com/locker"

type store interface {
	Purge(ctx context.Context, id string) error
}

// PolicyReconciler hands the deletion to a helper that returns early
// unless the policy is Delete.
type PolicyReconciler struct {
	client.Client
	store store
}

func (r *PolicyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !l.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, l)
	}
	if l.Spec.ReclaimPolicy == vault.Delete && controllerutil.AddFinalizer(l, finalizer) {
		return ctrl.Result{}, r.Update(ctx, l)
	}
	return ctrl.Result{}, nil
}

func (r *PolicyReconciler) reconcileDelete(ctx context.Context, l *vault.Locker) (ctrl.Result, error) {
	if l.Spec.ReclaimPolicy != vault.Delete {
		return ctrl.Result{}, nil // want `this return ends the deletion of the Locker without removing finalizer "store.example.com/locker", and without an error, when l.Spec.ReclaimPolicy != vault.Delete`
	}
	if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}

// InlineReconciler removes its finalizer in the deletion branch only when
// the spec asks for a purge.
type InlineReconciler struct {
	client.Client
	store store
}

func (r *InlineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var l vault.Locker
	if err := r.Get(ctx, req.NamespacedName, &l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.DeletionTimestamp != nil {
		if l.Spec.PurgeOnDelete {
			if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
				return ctrl.Result{}, err
			}
			controllerutil.RemoveFinalizer(&l, finalizer)
			return ctrl.Result{}, r.Update(ctx, &l)
		}
		return ctrl.Result{}, nil // want `this return ends the deletion of the Locker without removing finalizer "store.example.com/locker", and without an error, when !l.Spec.PurgeOnDelete: a field of the object's own spec decides`
	}
	if controllerutil.AddFinalizer(&l, finalizer) {
		return ctrl.Result{}, r.Update(ctx, &l)
	}
	return ctrl.Result{}, nil
}

// CleanupOnlyReconciler lets the policy decide only the cleanup: the
// finalizer goes whatever the policy. No finding.
type CleanupOnlyReconciler struct {
	client.Client
	store store
}

func (r *CleanupOnlyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(l, finalizer) {
			return ctrl.Result{}, r.Update(ctx, l)
		}
		return ctrl.Result{}, nil
	}
	if l.Spec.ReclaimPolicy == vault.Delete {
		if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}

// RetainFirstReconciler releases at once when the policy is Retain, and
// after the purge otherwise. No finding.
type RetainFirstReconciler struct {
	client.Client
	store store
}

func (r *RetainFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	return r.finalize(ctx, l)
}

func (r *RetainFirstReconciler) finalize(ctx context.Context, l *vault.Locker) (ctrl.Result, error) {
	if l.Spec.ReclaimPolicy == vault.Retain {
		controllerutil.RemoveFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	if l.Spec.ReclaimPolicy == "" {
		// Not valid: the user is told, on every retry.
		return ctrl.Result{}, errors.New("reclaimPolicy is empty")
	}
	if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}

// SuspendReconciler does nothing at all while suspended, its deletion
// included: a switch the user turns off, not a deletion option. No finding.
type SuspendReconciler struct {
	client.Client
	store store
}

func (r *SuspendReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.Spec.Suspend {
		return ctrl.Result{}, nil
	}
	if l.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}

// StatusReconciler waits, while deleting, for a status field that another
// pass sets: a requeue, not a silent end. No finding.
type StatusReconciler struct {
	client.Client
	store store
}

func (r *StatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	if l.Status.ExternalID == "" {
		controllerutil.RemoveFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}

// HookReconciler waits, while deleting, for an approval that another
// controller writes into an annotation, when the spec asks for one: the
// condition depends on more than the spec, and the approval's write wakes
// the reconciler. No finding.
type HookReconciler struct {
	client.Client
	store store
}

func approved(l *vault.Locker) bool {
	return l.Annotations["store.example.com/approved"] == "true"
}

func (r *HookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	if l.Spec.PurgeOnDelete && !approved(l) {
		return ctrl.Result{}, nil
	}
	if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}

// SwitchReconciler picks the deletion by a switch on the policy, and its
// Retain case forgets the removal.
type SwitchReconciler struct {
	client.Client
	store store
}

func (r *SwitchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	switch l.Spec.ReclaimPolicy {
	case vault.Retain:
		return ctrl.Result{}, nil // want `this return ends the deletion of the Locker without removing finalizer "store.example.com/locker", and without an error, when l.Spec.ReclaimPolicy == vault.Retain`
	case vault.Delete:
		if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}

// SwitchOKReconciler's switch decides only the cleanup. No finding.
type SwitchOKReconciler struct {
	client.Client
	store store
}

func (r *SwitchOKReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	switch l.Spec.ReclaimPolicy {
	case vault.Retain:
	case vault.Delete:
		if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
			return ctrl.Result{}, err
		}
	default:
		return ctrl.Result{}, errors.New("unknown reclaimPolicy")
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}

// RequeueReconciler removes the finalizer in memory only when the spec asks
// for a purge, and always comes back after a while: each pass finds the
// same spec.
type RequeueReconciler struct {
	client.Client
	store store
}

func (r *RequeueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	res := r.reconcileDelete(ctx, l)
	return res, r.Update(ctx, l)
}

func (r *RequeueReconciler) reconcileDelete(ctx context.Context, l *vault.Locker) ctrl.Result {
	if l.Spec.PurgeOnDelete {
		_ = r.store.Purge(ctx, l.Status.ExternalID)
		controllerutil.RemoveFinalizer(l, finalizer)
	}
	return ctrl.Result{RequeueAfter: time.Hour} // want `this return ends the deletion of the Locker without removing finalizer "store.example.com/locker", and without an error, when !l.Spec.PurgeOnDelete`
}

// DrainReconciler waits, while deleting, for the pre-delete hooks in the
// spec to drain: each hook's owner removes its entry when its cleanup is
// done, and that edit of the spec wakes the reconciler. No finding.
type DrainReconciler struct {
	client.Client
	store store
}

func (r *DrainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	if hooks := l.Spec.PreDeleteHooks; 0 < len(hooks) {
		return ctrl.Result{}, nil // the hooks' owners are not done
	}
	if !(len(l.Spec.Holds) == 0) {
		return ctrl.Result{}, nil // a hold is released by whoever put it
	}
	if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}

// NothingToPurgeReconciler purges the buckets its spec lists, and ends the
// deletion early when it lists none, the removal of the finalizer with it:
// an empty list is a setting that every later pass finds again.
type NothingToPurgeReconciler struct {
	client.Client
	store store
}

func (r *NothingToPurgeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	if len(l.Spec.Buckets) == 0 {
		return ctrl.Result{}, nil // want `this return ends the deletion of the Locker without removing finalizer "store.example.com/locker", and without an error, when len\(l.Spec.Buckets\) == 0`
	}
	for _, b := range l.Spec.Buckets {
		if err := r.store.Purge(ctx, b); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}
