// Package descendants reproduces controllers of the kinds a Cluster API // want package:`waits\(sigs.k8s.io/cluster-api/api/v1beta1.Cluster waits for finalizerblock/descendants.ControlPlane\)` package:`order\(Addon needs Cluster, MachineDeployment needs Cluster; releases Addon, ControlPlane, MachineDeployment\)`
// Cluster deletes and waits for (its MachineDeployments, MachineSets,
// Machines and MachinePools, its control plane) that read their Cluster
// before the deletion branch: the Cluster is still there while any of them
// is, so a return on its lookup strands nothing. A kind the Cluster does not
// wait for, read the same way, is stranded once the Cluster is gone.
package descendants

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type DeploymentReconciler struct {
	client.Client
}

func (r *DeploymentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	md := &clusterv1.MachineDeployment{}
	if err := r.Get(ctx, req.NamespacedName, md); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetClusterByName(ctx, r.Client, md.Namespace, md.Spec.ClusterName)
	if err != nil {
		return ctrl.Result{}, err // the Cluster waits for its MachineDeployments
	}
	if !md.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(md, clusterv1.MachineDeploymentFinalizer)
		return ctrl.Result{}, r.Update(ctx, md)
	}
	_ = cluster
	controllerutil.AddFinalizer(md, clusterv1.MachineDeploymentFinalizer)
	return ctrl.Result{}, r.Update(ctx, md)
}

// ControlPlane carries the v1beta2 contract's field of a control plane.
type ControlPlane struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status struct {
		Initialization struct{ ControlPlaneInitialized *bool }
	}
}

func (in *ControlPlane) DeepCopyObject() runtime.Object { return in }

type ControlPlaneReconciler struct {
	client.Client
}

func (r *ControlPlaneReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cp := &ControlPlane{}
	if err := r.Get(ctx, req.NamespacedName, cp); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, cp.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err // the Cluster waits for its control plane
	}
	if cluster == nil {
		return ctrl.Result{}, nil
	}
	if !cp.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cp, "example.com/control-plane")
		return ctrl.Result{}, r.Update(ctx, cp)
	}
	controllerutil.AddFinalizer(cp, "example.com/control-plane")
	return ctrl.Result{}, r.Update(ctx, cp)
}

// Addon names its Cluster but is none of the Cluster's descendants: the
// Cluster can be gone first.
type Addon struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ ClusterName string }
}

func (in *Addon) DeepCopyObject() runtime.Object { return in }

type AddonReconciler struct {
	client.Client
}

func (r *AddonReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	a := &Addon{}
	if err := r.Get(ctx, req.NamespacedName, a); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetClusterByName(ctx, r.Client, a.Namespace, a.Spec.ClusterName)
	if err != nil {
		return ctrl.Result{}, err // want `when the Cluster .*is already deleted`
	}
	if !a.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(a, "example.com/addon")
		return ctrl.Result{}, r.Update(ctx, a)
	}
	_ = cluster
	controllerutil.AddFinalizer(a, "example.com/addon")
	return ctrl.Result{}, r.Update(ctx, a)
}
