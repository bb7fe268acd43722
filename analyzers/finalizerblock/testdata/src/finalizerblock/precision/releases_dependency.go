// Reproduces a deletion that lets go of a Secret its owner names in an
// annotation: a helper struct's method reads the Secret, strips the
// protective finalizer the controller had put on it, and returns when the
// Secret is already gone, leaving its results in the struct's fields. The
// released finalizer is the Secret's: a Secret that is gone has nothing
// left to release, and the Member's own finalizer is removed afterwards.
package precision

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const protectFinalizer = "example.com/protect"

type ReleasingReconciler struct {
	client.Client
}

type releaser struct {
	c       client.Client
	owner   *Member
	err     error
	requeue bool
}

func (r *releaser) releaseSecret(ctx context.Context) {
	s := &corev1.Secret{}
	err := r.c.Get(ctx, client.ObjectKey{Namespace: r.owner.Namespace, Name: r.owner.Annotations["example.com/secret"]}, s)
	switch {
	case err == nil:
		controllerutil.RemoveFinalizer(s, protectFinalizer)
		r.err = r.c.Update(ctx, s)
		r.requeue = true
	case !apierrors.IsNotFound(err):
		r.err = err
	default:
		return // already gone: nothing to release
	}
}

func (r *ReleasingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	rel := &releaser{c: r.Client, owner: m}
	if rel.releaseSecret(ctx); rel.err != nil || rel.requeue {
		return ctrl.Result{Requeue: rel.requeue}, rel.err
	}
	controllerutil.RemoveFinalizer(m, finalizerName)
	return ctrl.Result{}, r.Update(ctx, m)
}
