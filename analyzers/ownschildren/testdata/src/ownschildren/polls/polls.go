// Reconcilers that poll: each pass that succeeds on a live object asks for
// another after an interval, so an unwatched child is repaired at the next
// poll, which the message says, under a category of its own. One that
// stops polling on some successful pass keeps the resync message.
package polls

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

const finalizer = "example.com/cleanup"

// ConstantPoll comes back every 30 seconds; its deletion branch and a
// missing object end the pass without polling, as they should.
type ConstantPoll struct {
	client.Client
}

func (r *ConstantPoll) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, finalizer)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	dep := &appsv1.Deployment{}
	if err := ctrl.SetControllerReference(m, dep, r.Scheme()); err != nil { // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it: a deleted or changed Deployment is repaired only when the reconciler polls \(every 30s, by its RequeueAfter\), not at once; add Owns\(&appsv1.Deployment\{\}\) to the controller's builder`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, dep); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
}

func (r *ConstantPoll) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}

// ConfiguredPoll polls at an interval it is configured with, through a
// helper.
type ConfiguredPoll struct {
	client.Client
	Interval time.Duration
}

func (r *ConfiguredPoll) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.reconcileNormal(ctx, c)
}

func (r *ConfiguredPoll) reconcileNormal(ctx context.Context, c *cachev1.Cache) (ctrl.Result, error) {
	svc := &corev1.Service{}
	if err := ctrl.SetControllerReference(c, svc, r.Scheme()); err != nil { // want `corev1.Service is created with a controller reference to cachev1.Cache but its controller does not watch it: a deleted or changed Service is repaired only when the reconciler polls \(at its next poll, by its RequeueAfter\), not at once`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, svc); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: r.Interval}, nil
}

func (r *ConfiguredPoll) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}).Complete(r)
}
