// Reproduces storage controllers that log in with a Secret their Bucket // want package:`order\(Bucket needs Secret; releases Bucket\)`
// names before their deletion branch, so a missing Secret strands the
// Bucket's finalizer. HeldReconciler keeps the Secret with a finalizer of
// its own (held once the Bucket is set up, released as the Bucket goes,
// through another package's session): the Secret can be missing only if it
// was deleted before it was held, and the finding says so in a category of
// its own. HoldingReconciler holds the Secret but never releases it, and
// OpenReconciler never holds it: theirs is the plain Secret finding.
package heldsecret

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/heldsecret/session"
)

const bucketFinalizer = "storage.example.com/bucket"

type HeldReconciler struct {
	client.Client
}

func (r *HeldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &session.Bucket{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &session.Session{Client: r.Client, Bucket: b}
	if err := s.Login(ctx); err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that s.Login reads is already deleted, this return keeps Bucket from ever reaching the removal of finalizer "storage.example.com/bucket" while it is being deleted: the Secret carries a finalizer of this controller's from s.Hold on, which s.Release removes, so it is missing here only if it was deleted before that`
	}
	if !b.DeletionTimestamp.IsZero() {
		return r.finish(ctx, s)
	}
	return r.setUp(ctx, s)
}

func (r *HeldReconciler) setUp(ctx context.Context, s *session.Session) (ctrl.Result, error) {
	if controllerutil.AddFinalizer(s.Bucket, bucketFinalizer) {
		if err := r.Update(ctx, s.Bucket); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, s.Hold(ctx)
}

func (r *HeldReconciler) finish(ctx context.Context, s *session.Session) (ctrl.Result, error) {
	if err := s.Release(ctx); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(s.Bucket, bucketFinalizer)
	return ctrl.Result{}, r.Update(ctx, s.Bucket)
}

// HoldingReconciler holds the Secret and never lets it go: no protection
// this deletion ends, so nothing narrows the finding.
type HoldingReconciler struct {
	client.Client
}

func (r *HoldingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &session.Bucket{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &session.Session{Client: r.Client, Bucket: b}
	if err := s.Login(ctx); err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that s.Login reads is already deleted, .*keep the Secret until then with a finalizer that this deletion removes last`
	}
	if b.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(b, bucketFinalizer)
		if err := r.Update(ctx, b); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, s.Hold(ctx)
	}
	controllerutil.RemoveFinalizer(b, bucketFinalizer)
	return ctrl.Result{}, r.Update(ctx, b)
}

// OpenReconciler, in the same package as HeldReconciler, never holds the
// Secret: the other controller's protection is not its own.
type OpenReconciler struct {
	client.Client
}

func (r *OpenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &session.Bucket{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &session.Session{Client: r.Client, Bucket: b}
	if err := s.Login(ctx); err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that s.Login reads is already deleted, .*keep the Secret until then with a finalizer that this deletion removes last`
	}
	if b.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, b)
	}
	controllerutil.RemoveFinalizer(b, bucketFinalizer)
	return ctrl.Result{}, r.Update(ctx, b)
}
