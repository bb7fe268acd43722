// Reproduces an operator whose kinds give their own controller reference
// through a method of a shared interface, and a builder of the service
// account each runs under that takes the object as that interface: the
// Store's controller does not watch the account, which is not recreated
// once deleted; the Kiosk's does.
package selfowner

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"ownschildren/selfowner/api"
)

func buildAccount(o api.Owned) *corev1.ServiceAccount {
	return &corev1.ServiceAccount{
		ObjectMeta: metav1.ObjectMeta{
			Name:            o.GetName() + "-runner",
			Namespace:       o.GetNamespace(),
			OwnerReferences: o.AsOwner(),
		},
	}
}

type StoreReconciler struct {
	client.Client
}

func (r *StoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Store{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.Create(ctx, buildAccount(s)) // want `corev1.ServiceAccount is created with a controller reference to api.Store but its controller does not watch it`
}

func (r *StoreReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Store{}).Owns(&appsv1.Deployment{}).Complete(r)
}

type KioskReconciler struct {
	client.Client
}

func (r *KioskReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	k := &api.Kiosk{}
	if err := r.Get(ctx, req.NamespacedName, k); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.Create(ctx, buildAccount(k))
}

func (r *KioskReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Kiosk{}).Owns(&corev1.ServiceAccount{}).Complete(r)
}
