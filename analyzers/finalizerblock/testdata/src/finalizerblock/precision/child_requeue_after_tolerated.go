// Reproduces a deletion branch that looks up the upstream the spec names and tolerates its not-found, then looks up its child and requeues while the child still exists: the requeue waits for the child, it is not taken because the upstream is gone (the second err is another variable).
package precision

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ChildWaitReconciler struct {
	client.Client
}

func (r *ChildWaitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	upstream := &corev1.Service{}
	err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.UpstreamName}, upstream)
	if err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	if err == nil {
		// ... deregister from the upstream ...
	}
	{
		sts := &corev1.Pod{}
		err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Name + "-0"}, sts)
		if err == nil {
			return ctrl.Result{RequeueAfter: 5 * time.Second}, nil // the child is still there
		}
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(m, finalizerName)
	return ctrl.Result{}, r.Update(ctx, m)
}
