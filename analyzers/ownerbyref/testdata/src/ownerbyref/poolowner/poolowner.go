// Infrastructure machine pools of a Cluster API provider: each finds its owning MachinePool through its owner
// references, in a helper of the package, and then its Cluster by the cluster-name label that Cluster API stamps
// with them. The owner references were read on the way to the label lookup. A pool that reads the label without
// looking at its owner references first is reported.
package poolowner

import (
	"context"
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"sigs.k8s.io/cluster-api/util"

	"ownerbyref/infrav1"
)

type FooMachinePoolReconciler struct {
	client.Client
}

func (r *FooMachinePoolReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	pool := &infrav1.FooMachine{}
	if err := r.Get(ctx, req.NamespacedName, pool); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	controllerutil.AddFinalizer(pool, "foomachinepool.infrastructure.example.com")
	if _, err := ownerPoolName(pool.ObjectMeta); err != nil {
		return reconcile.Result{}, err
	}
	if _, err := util.GetClusterFromMetadata(ctx, r.Client, pool.ObjectMeta); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

// ownerPoolName returns the name of the MachinePool that owns the object.
func ownerPoolName(obj metav1.ObjectMeta) (string, error) {
	for _, ref := range obj.OwnerReferences {
		if ref.Kind == "MachinePool" {
			return ref.Name, nil
		}
	}
	return "", errors.New("no owning MachinePool yet")
}

type BarMachinePoolReconciler struct {
	client.Client
}

func (r *BarMachinePoolReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	pool := &infrav1.FooMachine{}
	if err := r.Get(ctx, req.NamespacedName, pool); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	controllerutil.AddFinalizer(pool, "barmachinepool.infrastructure.example.com")
	if _, err := util.GetClusterFromMetadata(ctx, r.Client, pool.ObjectMeta); err != nil { // want `util.GetClusterFromMetadata of the owning Cluster by a name taken from a label of the object`
		return reconcile.Result{}, err
	}
	if _, err := ownerPoolName(pool.ObjectMeta); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}
