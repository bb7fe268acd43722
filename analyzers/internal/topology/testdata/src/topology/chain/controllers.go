package chain

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=fleet.example.com,resources=fleets;squadrons;ships,verbs=get;list;watch;create;update
// +kubebuilder:rbac:groups=fleet.example.com,resources=fleets/finalizers;squadrons/finalizers;ships/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create

type FleetReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *FleetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Fleet{}).
		Owns(&Squadron{}).
		Complete(r)
}

func (r *FleetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	fleet := &Fleet{}
	if err := r.Get(ctx, req.NamespacedName, fleet); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !fleet.DeletionTimestamp.IsZero() {
		// The Squadrons go with the Fleet (garbage collection): nothing
		// else to release.
		controllerutil.RemoveFinalizer(fleet, FleetFinalizer)
		return ctrl.Result{}, r.Update(ctx, fleet)
	}
	if controllerutil.AddFinalizer(fleet, FleetFinalizer) {
		if err := r.Update(ctx, fleet); err != nil {
			return ctrl.Result{}, err
		}
	}
	for i := 0; i < fleet.Spec.Squadrons; i++ {
		sq := &Squadron{ObjectMeta: metav1.ObjectMeta{Namespace: fleet.Namespace, Name: fmt.Sprintf("%s-%d", fleet.Name, i)}}
		if err := controllerutil.SetControllerReference(fleet, sq, r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, sq); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

type SquadronReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *SquadronReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Squadron{}).
		Owns(&Ship{}).
		Complete(r)
}

func (r *SquadronReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sq := &Squadron{}
	if err := r.Get(ctx, req.NamespacedName, sq); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.ensureShip(ctx, sq)
}

func (r *SquadronReconciler) ensureShip(ctx context.Context, sq *Squadron) error {
	ship := &Ship{ObjectMeta: metav1.ObjectMeta{Namespace: sq.Namespace, Name: sq.Name}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, ship, func() error {
		return controllerutil.SetControllerReference(sq, ship, r.Scheme)
	})
	return err
}

type ShipReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *ShipReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Ship{}).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}

func (r *ShipReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ship := &Ship{}
	if err := r.Get(ctx, req.NamespacedName, ship); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ship.Namespace, Name: ship.Name + "-manifest"}}
	if err := controllerutil.SetControllerReference(ship, cm, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}
