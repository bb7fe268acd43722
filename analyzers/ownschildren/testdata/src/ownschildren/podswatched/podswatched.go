// Controllers that watch Pods through a mapping of their own to the object
// they reconcile. A deleted StatefulSet (or Deployment, DaemonSet,
// ReplicaSet) takes its Pods with it, and their events bring the
// reconciler back, which makes it again; a changed one is not noticed
// until the next resync. The message says so, under a category of its own.
// A ConfigMap has no Pods to tell, Pods watched through their owner map
// nothing for a workload's Pods, whose owner is the workload, and a watch
// whose predicate drops deletions hears nothing when they go.
package podswatched

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

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
	sts := &appsv1.StatefulSet{}
	if err := ctrl.SetControllerReference(m, sts, r.Scheme()); err != nil { // want `appsv1.StatefulSet is created with a controller reference to cachev1.Memcached but its controller does not watch it: a changed StatefulSet is not repaired until the next resync \(a deleted one is, once its Pods go with it: the controller watches Pods\); add Owns\(&appsv1.StatefulSet\{\}\) to the controller's builder`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, sts); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(m, cm, r.Scheme()); err != nil { // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached but its controller does not watch it: a deleted or changed ConfigMap is not repaired until the next resync`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

// podToCache maps a Pod to the Memcached its label names.
func (r *CacheReconciler) podToCache(_ context.Context, o client.Object) []reconcile.Request {
	name, ok := o.GetLabels()["cache"]
	if !ok {
		return nil
	}
	return []reconcile.Request{{NamespacedName: client.ObjectKey{Namespace: o.GetNamespace(), Name: name}}}
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Watches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(r.podToCache)).
		Complete(r)
}

// OwnerPodsReconciler watches Pods through their owner: a workload's Pods
// are owned by the workload, so they bring nothing back.
type OwnerPodsReconciler struct {
	client.Client
}

func (r *OwnerPodsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := ctrl.SetControllerReference(m, dep, r.Scheme()); err != nil { // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it: a deleted or changed Deployment is not repaired until the next resync`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, dep)
}

func (r *OwnerPodsReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Watches(&corev1.Pod{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Memcached{})).
		Complete(r)
}

// QuietPodsReconciler maps the Pods it watches, but its predicate drops
// their deletions.
type QuietPodsReconciler struct {
	client.Client
}

func (r *QuietPodsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ds := &appsv1.DaemonSet{}
	if err := ctrl.SetControllerReference(m, ds, r.Scheme()); err != nil { // want `appsv1.DaemonSet is created with a controller reference to cachev1.Memcached but its controller does not watch it: a deleted or changed DaemonSet is not repaired until the next resync`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, ds)
}

func (r *QuietPodsReconciler) podToCache(_ context.Context, o client.Object) []reconcile.Request {
	return []reconcile.Request{{NamespacedName: client.ObjectKey{Namespace: o.GetNamespace(), Name: o.GetLabels()["cache"]}}}
}

func (r *QuietPodsReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Watches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(r.podToCache),
			builder.WithPredicates(predicate.Funcs{DeleteFunc: func(event.DeleteEvent) bool { return false }})).
		Complete(r)
}
