// The Farm controller makes Barns with a controller reference; the Barn controller, in a sibling package, does not import it. // want package:`byName\(; 1 pairs\)`
package farmctrl

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"ownerbyref/siblings/farmapi"
)

type FarmReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *FarmReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`owners\(ownerbyref/siblings/farmapi.Farm>ownerbyref/siblings/farmapi.Barn\)`
	farm := &farmapi.Farm{}
	if err := r.Get(ctx, req.NamespacedName, farm); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	barn := &farmapi.Barn{}
	barn.Namespace = farm.Namespace
	barn.GenerateName = "barn-"
	barn.Labels = map[string]string{farmapi.FarmLabel: farm.Name}
	if err := controllerutil.SetControllerReference(farm, barn, r.Scheme); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.Create(ctx, barn)
}

func (r *FarmReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:`owners\(ownerbyref/siblings/farmapi.Farm>ownerbyref/siblings/farmapi.Barn\)`
	return ctrl.NewControllerManagedBy(mgr).For(&farmapi.Farm{}).Owns(&farmapi.Barn{}).Complete(r)
}
