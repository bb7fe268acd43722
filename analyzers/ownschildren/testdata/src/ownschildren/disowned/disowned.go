// Reproduces children built by a helper that makes them controlled by
// their owner, whose controller reference the code then takes away: an
// object shared by several owners (RemoveControllerReference, then plain
// references to each), or one that outlives its owner
// (SetOwnerReferences(nil)). Only children that are still controlled when
// created need a watch; a controller reference set again after the
// removal (a new controller) counts.
package disowned

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

type Reconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.shareConfig(ctx, m); err != nil {
		return ctrl.Result{}, err
	}
	sec, err := buildSecret(m, r.Scheme)
	if err != nil {
		return ctrl.Result{}, err
	}
	sec.SetOwnerReferences(nil) // the credentials outlive the Memcached
	if err := r.Create(ctx, sec); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.adoptAccount(ctx, m)
}

// shareConfig gives the shared ConfigMap a plain reference to every
// Memcached of the namespace.
func (r *Reconciler) shareConfig(ctx context.Context, m *cachev1.Memcached) error {
	cm, err := buildSharedConfig(m, r.Scheme)
	if err != nil {
		return err
	}
	var all cachev1.MemcachedList
	if err := r.List(ctx, &all, client.InNamespace(m.Namespace)); err != nil {
		return err
	}
	for i := range all.Items {
		if err := controllerutil.SetOwnerReference(&all.Items[i], cm, r.Scheme); err != nil {
			return err
		}
	}
	return client.IgnoreAlreadyExists(r.Create(ctx, cm))
}

// adoptAccount replaces the builder's controller reference by its own:
// the ServiceAccount is controlled, and must be watched.
func (r *Reconciler) adoptAccount(ctx context.Context, m *cachev1.Memcached) error {
	sa, err := buildAccount(m, r.Scheme)
	if err != nil {
		return err
	}
	if err := controllerutil.RemoveOwnerReference(m, sa, r.Scheme); err != nil {
		return err
	}
	if err := controllerutil.SetControllerReference(m, sa, r.Scheme); err != nil { // want `corev1.ServiceAccount is created with a controller reference to cachev1.Memcached`
		return err
	}
	return client.IgnoreAlreadyExists(r.Create(ctx, sa))
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
