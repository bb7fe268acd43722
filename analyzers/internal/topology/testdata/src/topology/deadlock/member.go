package deadlock

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type MemberReconciler struct {
	client.Client
}

func (r *MemberReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Member{}).
		Complete(r)
}

func (r *MemberReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(m, MemberFinalizer) {
			return ctrl.Result{}, r.Update(ctx, m)
		}
		return ctrl.Result{}, nil
	}
	// Leaves the Pool only once the Pool itself is gone.
	if ref := metav1.GetControllerOf(m); ref != nil {
		pool := &Pool{}
		err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: ref.Name}, pool)
		if err == nil {
			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
		}
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(m, MemberFinalizer)
	return ctrl.Result{}, r.Update(ctx, m)
}
