// Reproduces a job-framework reconciler whose deletion branch releases the // want package:`order\(DockerCluster needs Network; releases DockerCluster\)`
// finalizers of the child objects it lists, not its own: a missing
// dependency's return cannot strand a finalizer this code never removes.
// A reconciler that also releases its own is still reported.
package listedremoval

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

const childFinalizer = "example.com/child"

// MachineList lists DockerMachines.
type MachineList struct {
	metav1.TypeMeta
	Items []api.DockerMachine
}

func (in *MachineList) DeepCopyObject() runtime.Object { return in }

type ChildrenReconciler struct {
	client.Client
}

func (r *ChildrenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	network := &api.Network{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: obj.Namespace, Name: obj.Spec.NetworkName}, network); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if obj.GetDeletionTimestamp() != nil {
		machines := &MachineList{}
		if err := r.List(ctx, machines); err != nil {
			return ctrl.Result{}, err
		}
		for i := range machines.Items {
			controllerutil.RemoveFinalizer(&machines.Items[i], childFinalizer)
			if err := r.Update(ctx, &machines.Items[i]); err != nil {
				return ctrl.Result{}, err
			}
		}
		for _, m := range machines.Items {
			release(&m)
		}
	}
	return ctrl.Result{}, nil
}

// release drops the child finalizer of m.
func release(m *api.DockerMachine) {
	controllerutil.RemoveFinalizer(m, childFinalizer)
}

type OwnReconciler struct {
	client.Client
}

func (r *OwnReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	network := &api.Network{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: obj.Namespace, Name: obj.Spec.NetworkName}, network); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil // want `when the Network named by [^ ]+ is already deleted, this return keeps DockerCluster from ever reaching the removal`
		}
		return ctrl.Result{}, err
	}
	if obj.GetDeletionTimestamp() != nil {
		controllerutil.RemoveFinalizer(obj, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}
