// Reproduces a reconciler that picks a child's kind in a switch, keeps it in
// a client.Object variable, sets the owner and applies it through a helper:
// each kind assigned to the variable is a child.
package erasedkind

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

type Reconciler struct {
	client.Client
	// NewObject builds an object of a kind chosen at run time.
	NewObject func() client.Object
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var obj client.Object
	switch m.Spec.Size {
	case 0:
		obj = &corev1.ConfigMap{}
	default:
		obj = &corev1.Secret{}
	}
	if err := controllerutil.SetControllerReference(m, obj, r.Scheme()); err != nil { // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached but its controller does not watch it` `corev1.Secret is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.apply(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	// A kind known only at run time is no kind: nothing is reported.
	other := r.NewObject()
	if err := controllerutil.SetControllerReference(m, other, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.apply(ctx, other)
}

// apply creates obj.
func (r *Reconciler) apply(ctx context.Context, obj client.Object) error {
	return r.Create(ctx, obj)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
