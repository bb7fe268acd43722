package plaincontrol

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/plaincontrol/api"
)

// validatePod asks the API server to validate a Pod: a dry run creates
// nothing, so the Pods this controller gives a plain reference to (adoptPod:
// Pods a StatefulSet made, read and updated) are not Pods it creates.
func (r *StoreReconciler) validatePod(ctx context.Context) error {
	probe := &corev1.Pod{}
	if err := r.Create(ctx, probe, client.DryRunAll); err != nil {
		return err
	}
	return r.Create(ctx, &corev1.Pod{}, &client.CreateOptions{DryRun: []string{metav1.DryRunAll}})
}

func (r *StoreReconciler) adoptPod(ctx context.Context, s *api.Store, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	if err := controllerutil.SetOwnerReference(s, pod, r.Scheme()); err != nil {
		return err
	}
	return r.Update(ctx, pod)
}

// ReservationReconciler creates its Pod for real (the options are not a
// dry run).
type ReservationReconciler struct {
	client.Client
}

func (r *ReservationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rs := &api.Reservation{}
	if err := r.Get(ctx, req.NamespacedName, rs); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pod := &corev1.Pod{}
	if err := controllerutil.SetOwnerReference(rs, pod, r.Scheme()); err != nil { // want `plain owner reference without blockOwnerDeletion on the corev1.Pod this controller creates for its api.Reservation`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, pod, client.FieldOwner("reservations"))
}

func (r *ReservationReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Reservation{}).Complete(r)
}
