// Reproduces operators that give the children they create for their object a plain owner reference (controllerutil.SetOwnerReference, or a generator's literal without Controller) as its only owner: control in all but name, but foreground deletion does not wait for them. A plain reference that blocks, a shared object with several owners, an object the controller only updates or only validates with a dry-run Create (dryrun.go), one that another object may adopt later (adopted.go) and a Secret (deleted by the garbage collector either way) are left alone.
package plaincontrol

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/plaincontrol/api"
	"blockownerdeletion/plaincontrol/resources"
)

type StoreReconciler struct {
	client.Client
}

func (r *StoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Store{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, obj := range resources.For(s) { // want `plain owner reference without blockOwnerDeletion on the appsv1.StatefulSet and corev1.Service this controller creates for its api.Store: it is the only owner of each, so the reference is control in all but name, but a foreground deletion of the owner does not wait for them and Owns does not match the StatefulSet, so its changes do not reach this controller;`
		if err := r.Create(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	dep := &appsv1.Deployment{}
	if err := controllerutil.SetOwnerReference(s, dep, r.Scheme()); err != nil { // want `plain owner reference without blockOwnerDeletion on the appsv1.Deployment this controller creates for its api.Store: it is the only owner of the Deployment, so the reference is control in all but name, but a foreground deletion of the owner does not wait for the Deployment; a Deployment has no finalizer of its own, so only the order of deletion changes unless a finalizer is added;`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, dep); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.createReservation(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	daemons := &appsv1.DaemonSet{}
	if err := controllerutil.SetOwnerReference(s, daemons, r.Scheme(), controllerutil.WithBlockOwnerDeletion(true)); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, daemons); err != nil {
		return ctrl.Result{}, err
	}
	secret := &corev1.Secret{}
	if err := controllerutil.SetOwnerReference(s, secret, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, secret); err != nil {
		return ctrl.Result{}, err
	}
	var other api.Store
	if err := r.Get(ctx, client.ObjectKey{Name: "shared"}, &other); err != nil {
		return ctrl.Result{}, err
	}
	shared := &corev1.PersistentVolumeClaim{}
	if err := controllerutil.SetOwnerReference(s, shared, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetOwnerReference(&other, shared, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, shared); err != nil {
		return ctrl.Result{}, err
	}
	sa := &corev1.ServiceAccount{}
	if err := r.Get(ctx, req.NamespacedName, sa); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetOwnerReference(s, sa, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Update(ctx, sa)
}

func (r *StoreReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Store{}).Owns(&appsv1.StatefulSet{}).Complete(r)
}
