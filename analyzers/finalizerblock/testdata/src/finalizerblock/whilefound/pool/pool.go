// Package pool reproduces an infrastructure machine pool whose deletion // want package:`waits\(sigs.k8s.io/cluster-api/api/v1beta1.MachinePool waits for finalizerblock/whilefound/pool.HostedPool\)` package:`order\(HostedPool needs Secret; releases HostedPool\)`
// reads the credentials Secret only after its control plane was found, and
// releases its finalizer when the control plane is missing. By the Cluster
// API contract a Cluster deletes its control plane only after its
// MachinePools, which wait for their infrastructure pools, are gone: the
// control plane cannot be gone first, so the missing Secret strands the
// pool for good.
package pool

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const poolFinalizer = "infra.example.com/pool"

// HostedControlPlane carries the contract's field of a control plane.
type HostedControlPlane struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   struct{ Credentials string }
	Status struct {
		Initialization struct{ ControlPlaneInitialized *bool }
	}
}

func (c *HostedControlPlane) DeepCopyObject() runtime.Object { return c }

// HostedPool is the infrastructure of a MachinePool: it has the contract's
// provider ID list.
type HostedPool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct {
		ControlPlane   string
		ProviderIDList []string
	}
}

func (p *HostedPool) DeepCopyObject() runtime.Object { return p }

type PoolReconciler struct {
	client.Client
}

func (r *PoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	p := &HostedPool{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	mp, err := util.GetOwnerMachinePool(ctx, r.Client, p.ObjectMeta)
	if err != nil || mp == nil {
		return ctrl.Result{}, err
	}
	if p.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(p, poolFinalizer) {
			return ctrl.Result{}, r.Update(ctx, p)
		}
		return ctrl.Result{}, nil
	}
	cp := &HostedControlPlane{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: p.Namespace, Name: p.Spec.ControlPlane}, cp); err != nil {
		if apierrors.IsNotFound(err) {
			controllerutil.RemoveFinalizer(p, poolFinalizer)
			return ctrl.Result{}, r.Update(ctx, p)
		}
		return ctrl.Result{}, err
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cp.Namespace, Name: cp.Spec.Credentials}, secret); err != nil {
		return ctrl.Result{}, err // want `when the Secret named by cp.Spec.Credentials is already deleted, this return keeps HostedPool from ever reaching the removal of finalizer "infra.example.com/pool"`
	}
	controllerutil.RemoveFinalizer(p, poolFinalizer)
	return ctrl.Result{}, r.Update(ctx, p)
}
