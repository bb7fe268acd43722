package filterpolls

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	cachev1 "driftgate/api/v1"
)

// Gated returns at a gate without asking for another pass, and polls on
// every pass that gets as far as its ConfigMap: a pass stopped at the gate
// repairs nothing, filtered or not, so a changed ConfigMap is repaired at
// the next poll.
type Gated struct {
	client.Client
}

func (r *Gated) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if c.Labels == nil {
		return ctrl.Result{}, nil
	}
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = c.Name, c.Namespace
	if err := ctrl.SetControllerReference(c, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: 5 * time.Minute}, nil
}

func (r *Gated) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Cache{}).
		Owns(&corev1.ConfigMap{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `so they are dropped and a changed child is repaired only when the reconciler polls \(every 300s, by its RequeueAfter\), not at once; give the predicate to For only`
		Complete(r)
}

// Stops polls until its Secret is made, then ends its passes without
// asking for another: a changed Secret waits for an event that passes.
type Stops struct {
	client.Client
}

func (r *Stops) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	s.Name, s.Namespace = m.Name, m.Namespace
	if err := ctrl.SetControllerReference(m, s, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	if m.Status.ObservedGeneration != m.Generation {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, nil
}

func (r *Stops) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&corev1.Secret{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `so they are dropped and a changed child is not repaired; give the predicate to For only`
		Complete(r)
}
