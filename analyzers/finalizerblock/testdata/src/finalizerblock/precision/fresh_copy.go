package precision

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// FreshCopyReconciler's deletion helper reads a fresh copy of the Member it
// was handed, keyed by that Member, to see its latest group before it
// releases the Member: a Member that is gone has nothing left to release,
// so waiting for it strands nothing.
type FreshCopyReconciler struct {
	client.Client
}

func (r *FreshCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return r.finalize(ctx, m)
}

func (r *FreshCopyReconciler) finalize(ctx context.Context, m *Member) (ctrl.Result, error) {
	fresh := &Member{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(m), fresh); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{Requeue: true}, nil
		}
		return ctrl.Result{}, err
	}
	if fresh.Spec.Group != m.Spec.Group {
		return ctrl.Result{Requeue: true}, nil
	}
	controllerutil.RemoveFinalizer(m, finalizerName)
	return ctrl.Result{}, r.Update(ctx, m)
}
