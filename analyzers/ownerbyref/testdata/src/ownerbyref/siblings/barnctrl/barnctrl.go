// The Barn controller finds its Farm by the label the Farm controller stamps, and a Silo its spec names; it cannot tell here that the Farm owns it. // want package:`byName\(Barn gets Farm, Barn gets Silo; 0 pairs\)`
package barnctrl

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"ownerbyref/siblings/farmapi"
)

type BarnReconciler struct{ client.Client }

func (r *BarnReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	barn := &farmapi.Barn{}
	if err := r.Get(ctx, req.NamespacedName, barn); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	return reconcile.Result{}, r.stock(ctx, barn)
}

func (r *BarnReconciler) stock(ctx context.Context, barn *farmapi.Barn) error {
	farm := &farmapi.Farm{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: barn.Namespace, Name: barn.Labels[farmapi.FarmLabel]}, farm); err != nil {
		return err
	}
	// Silenced where the lookup is: reported nowhere.
	prev := &farmapi.Farm{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: barn.Namespace, Name: barn.Annotations["farm.example.com/previous"]}, prev); client.IgnoreNotFound(err) != nil { //deletionlint:ignore ownerbyref the previous Farm is read once, for its history
		return err
	}
	silo := &farmapi.Silo{}
	return r.Get(ctx, client.ObjectKey{Namespace: barn.Namespace, Name: barn.Spec.SiloName}, silo)
}

func (r *BarnReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&farmapi.Barn{}).Complete(r)
}
