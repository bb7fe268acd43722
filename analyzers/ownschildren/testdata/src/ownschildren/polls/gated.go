package polls

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

// GatedPoll returns without asking for another pass while it waits for
// its object to be ready or sized, and polls on every pass that gets as far
// as the Secret: a pass that returns at a gate makes no Secret, with a
// watch or without, so a deleted Secret is repaired at the next poll.
type GatedPoll struct {
	client.Client
}

func (r *GatedPoll) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if len(m.Status.Conditions) == 0 {
		return ctrl.Result{}, nil // an update of its status brings it back
	}
	return r.reconcileNormal(ctx, m)
}

func (r *GatedPoll) reconcileNormal(ctx context.Context, m *cachev1.Memcached) (ctrl.Result, error) {
	if m.Spec.Size == 0 {
		return ctrl.Result{}, nil
	}
	if err := r.ensureSecret(ctx, m); err != nil {
		return ctrl.Result{}, err
	}
	if m.Status.ObservedGeneration != m.Generation {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
	}
	return ctrl.Result{RequeueAfter: 2 * time.Minute}, nil
}

func (r *GatedPoll) ensureSecret(ctx context.Context, m *cachev1.Memcached) error {
	s := &corev1.Secret{}
	s.Name, s.Namespace = m.Name+"-auth", m.Namespace
	if err := ctrl.SetControllerReference(m, s, r.Scheme()); err != nil { // want `corev1.Secret is created with a controller reference to cachev1.Memcached but its controller does not watch it: a deleted or changed Secret is repaired only when the reconciler polls \(every 120s, by its RequeueAfter\), not at once; add Owns\(&corev1.Secret\{\}\) to the controller's builder`
		return err
	}
	return client.IgnoreAlreadyExists(r.Create(ctx, s))
}

func (r *GatedPoll) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}

// GatedStop has the same gates but stops polling once its object is up to
// date: a pass that made the ServiceAccount can end without asking for
// another, so a deleted ServiceAccount waits for the next resync.
type GatedStop struct {
	client.Client
}

func (r *GatedStop) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if c.Labels == nil {
		return ctrl.Result{}, nil
	}
	return r.reconcileNormal(ctx, c)
}

func (r *GatedStop) reconcileNormal(ctx context.Context, c *cachev1.Cache) (ctrl.Result, error) {
	sa := &corev1.ServiceAccount{}
	sa.Name, sa.Namespace = c.Name, c.Namespace
	if err := ctrl.SetControllerReference(c, sa, r.Scheme()); err != nil { // want `corev1.ServiceAccount is created with a controller reference to cachev1.Cache but its controller does not watch it: a deleted or changed ServiceAccount is not repaired until the next resync`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, sa); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	if c.Annotations["synced"] == "" {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, nil
}

func (r *GatedStop) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}).Complete(r)
}
