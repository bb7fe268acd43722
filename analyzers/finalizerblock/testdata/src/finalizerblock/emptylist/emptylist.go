// Reproduces a reconciler that finds the cluster its machine belongs to by // want package:`waits\(finalizerblock/emptylist.Machine waits for finalizerblock/api.DockerCluster\)` package:`order\(Machine needs DockerCluster; releases Machine\)`
// a label selector built from the machine's spec, and makes the not-found
// itself when the List comes back empty. It does so before its deletion
// branch and returns the error: once the cluster is gone, every pass fails
// there and the finalizer is never removed. Another reconciler finds the
// cluster only when not deleting.
package emptylist

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

// Machine names its cluster in its spec.
type Machine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MachineSpec
}

type MachineSpec struct {
	ClusterName string
}

func (in *Machine) DeepCopyObject() runtime.Object { return in }

const machineFinalizer = "example.com/machine"

type Reconciler struct {
	client.Client
}

// clusterOf returns the cluster labelled with the machine's cluster name.
func (r *Reconciler) clusterOf(ctx context.Context, m *Machine) (*api.DockerCluster, error) {
	list := &api.DockerClusterList{}
	if err := r.List(ctx, list, client.InNamespace(m.Namespace), client.MatchingLabels{"cluster": m.Spec.ClusterName}); err != nil {
		return nil, err
	}
	if len(list.Items) == 0 {
		return nil, apierrors.NewNotFound(schema.GroupResource{Resource: "dockerclusters"}, m.Spec.ClusterName)
	}
	return &list.Items[0], nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := r.clusterOf(ctx, m)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced DockerCluster that r.clusterOf reads is already deleted, this return keeps Machine from ever reaching the removal of finalizer "example.com/machine" while it is being deleted: treat not-found as gone while deleting`
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, machineFinalizer)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	_ = cluster
	return ctrl.Result{}, nil
}

type DeletingFirst struct {
	Reconciler
}

func (r *DeletingFirst) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, machineFinalizer)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	cluster, err := r.clusterOf(ctx, m)
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = cluster
	return ctrl.Result{}, nil
}
