package transitive

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// PoolMachine is an instance of a machine pool: it has a provider ID, so
// the contract makes its Machine wait for it, but it gets its finalizer
// before its Machine is known. A nil owner may never have been set, or be
// gone without waiting (a pool's Machines are deleted with the pool): no
// wait makes that return safe.
type PoolMachine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ ProviderID string }
}

func (in *PoolMachine) DeepCopyObject() runtime.Object   { return in }
func (in *PoolMachine) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type PoolMachineReconciler struct {
	client.Client
}

func (r *PoolMachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pm := &PoolMachine{}
	if err := r.Get(ctx, req.NamespacedName, pm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if pm.DeletionTimestamp.IsZero() && controllerutil.AddFinalizer(pm, "example.com/poolmachine") {
		return ctrl.Result{}, r.Update(ctx, pm)
	}
	machine, err := util.GetOwnerMachine(ctx, r.Client, pm.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if machine == nil {
		return ctrl.Result{}, nil // want `when the owning Machine \(util.GetOwnerMachine\) is already deleted \(or was never set\), this return keeps PoolMachine from ever reaching the removal of finalizer "example.com/poolmachine"`
	}
	if !pm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(pm, "example.com/poolmachine")
		return ctrl.Result{}, r.Update(ctx, pm)
	}
	return ctrl.Result{}, nil
}
