package polls

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

// VariablePoll keeps the result it returns on every successful pass in a
// variable set once at the top, and returns a step's result early only
// when the step asks for another pass: it polls every 5 seconds.
type VariablePoll struct {
	client.Client
}

func (r *VariablePoll) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: 5 * time.Second}
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return rr, client.IgnoreNotFound(err)
	}
	res, err := r.prepare(ctx, m)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !res.IsZero() {
		return res, nil
	}
	svc := &corev1.Service{}
	if err := ctrl.SetControllerReference(m, svc, r.Scheme()); err != nil { // want `corev1.Service is created with a controller reference to cachev1.Memcached but its controller does not watch it: a deleted or changed Service is repaired only when the reconciler polls`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, svc); err != nil {
		return ctrl.Result{}, err
	}
	return rr, nil
}

func (r *VariablePoll) prepare(ctx context.Context, m *cachev1.Memcached) (ctrl.Result, error) {
	if m.Labels["ready"] != "true" {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, nil
}

func (r *VariablePoll) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
