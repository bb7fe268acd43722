// Controllers that keep the history of their objects as ControllerRevisions,
// snapshots that cannot be changed once made. An unwatched revision's
// deletion goes unnoticed until the owner's next reconcile, and an old one
// deleted is history no watch restores: the finding says so, under a
// category of its own. A ConfigMap beside it keeps the plain message, and a
// controller that owns its revisions is not reported.
package history

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.snapshot(ctx, m); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(m, cm, r.Scheme()); err != nil { // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached but its controller does not watch it: a deleted or changed ConfigMap is not repaired until the next resync`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

// snapshot records the current revision of m, as a helper of its own.
func (r *CacheReconciler) snapshot(ctx context.Context, m *cachev1.Memcached) error {
	rev := &appsv1.ControllerRevision{Revision: m.Generation}
	rev.Name = m.Name + "-rev"
	rev.Namespace = m.Namespace
	if err := ctrl.SetControllerReference(m, rev, r.Scheme()); err != nil { // want `appsv1.ControllerRevision is created with a controller reference to cachev1.Memcached but its controller does not watch it: a ControllerRevision is a snapshot of cachev1.Memcached's history that cannot be changed, and a deleted one is noticed only at the next reconcile of cachev1.Memcached \(an old revision deleted is history that no watch restores\); add Owns\(&appsv1.ControllerRevision\{\}\) to the controller's builder`
		return err
	}
	return r.Create(ctx, rev)
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Complete(r)
}

// OwningReconciler watches its revisions: nothing to report.
type OwningReconciler struct {
	client.Client
}

func (r *OwningReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	rev := &appsv1.ControllerRevision{Revision: m.Generation}
	if err := ctrl.SetControllerReference(m, rev, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, rev)
}

func (r *OwningReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.ControllerRevision{}).
		Complete(r)
}
