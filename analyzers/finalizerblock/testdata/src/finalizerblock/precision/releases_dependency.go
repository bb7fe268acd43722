// Reproduces a deletion that lets go of a Secret its owner names in an
// annotation: a helper struct's method reads the Secret, strips the
// protective finalizer the controller had put on it (through a generic edit
// helper and a closure), and returns when the Secret is already gone,
// leaving its results in the struct's fields. The released finalizer is the
// Secret's: a Secret that is gone has nothing left to release, and the
// Member's own finalizer is removed afterwards.
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
		r.err = edit(ctx, r.c, s, func(obj *corev1.Secret) {
			controllerutil.RemoveFinalizer(obj, protectFinalizer)
		})
		r.requeue = true
	case !apierrors.IsNotFound(err):
		r.err = err
	default:
		return // already gone: nothing to release
	}
}

// edit applies change to obj and writes it.
func edit[T client.Object](ctx context.Context, c client.Client, obj T, change func(T)) error {
	change(obj)
	return c.Update(ctx, obj)
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

// SelfDeleting deletes its own object when its version is stale, and
// otherwise releases its finalizer through the same edit helper after
// reading a Secret its object names: the object it deletes is the
// reconciled one, whose finalizer the removal still is, and the Secret's
// lookup, whose not-found return strands it, is reported.
type SelfDeleting struct {
	client.Client
}

func (r *SelfDeleting) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !m.DeletionTimestamp.IsZero() {
		s := &corev1.Secret{}
		err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Annotations["example.com/secret"]}, s)
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil // want `this return keeps Member from ever reaching the removal`
		}
		return ctrl.Result{}, edit(ctx, r.Client, m, func(obj *Member) {
			controllerutil.RemoveFinalizer(obj, finalizerName)
		})
	}
	if m.Labels["example.com/version"] != "v2" {
		return ctrl.Result{}, r.Delete(ctx, m)
	}
	return ctrl.Result{}, nil
}
