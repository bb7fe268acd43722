// Reproduces infrastructure providers that find the Cluster API // want package:`waits\(sigs.k8s.io/cluster-api/api/v1beta1.MachinePool waits for finalizerblock/walkerowner.InfraPool\)` package:`order\(InfraPool needs MachinePool, LocalPool needs MachinePool; releases InfraPool, LocalPool\)`
// MachinePool owning their machine pool with a helper of their own (written
// like util.GetOwnerMachinePool) and return its error before their
// deletion branch. The MachinePool deletes its infrastructure pool and
// waits for it, so it cannot be gone first: InfraPoolReconciler is left
// alone. LocalPoolReconciler's owner is a kind of its own that shares the
// name and waits for nothing: its return is reported.
package walkerowner

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type InfraPool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ ProviderIDList []string }
}

func (p *InfraPool) DeepCopyObject() runtime.Object { return p }

// MachinePool is a kind of this package that only shares the name.
type MachinePool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (p *MachinePool) DeepCopyObject() runtime.Object { return p }

type LocalPool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ ProviderIDList []string }
}

func (p *LocalPool) DeepCopyObject() runtime.Object { return p }

const poolFinalizer = "infra.example.com/pool"

type InfraPoolReconciler struct {
	client.Client
}

func (r *InfraPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	p := &InfraPool{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	mp, err := ownerPool(ctx, r.Client, p.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if mp == nil {
		return ctrl.Result{}, nil
	}
	if !p.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(p, poolFinalizer)
		return ctrl.Result{}, r.Update(ctx, p)
	}
	controllerutil.AddFinalizer(p, poolFinalizer)
	return ctrl.Result{}, r.Update(ctx, p)
}

type LocalPoolReconciler struct {
	client.Client
}

func (r *LocalPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	p := &LocalPool{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	mp, err := localOwner(ctx, r.Client, p.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced MachinePool that localOwner reads is already deleted`
	}
	if mp == nil {
		return ctrl.Result{}, nil
	}
	if !p.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(p, poolFinalizer)
		return ctrl.Result{}, r.Update(ctx, p)
	}
	controllerutil.AddFinalizer(p, poolFinalizer)
	return ctrl.Result{}, r.Update(ctx, p)
}

func ownerPool(ctx context.Context, c client.Client, obj metav1.ObjectMeta) (*clusterv1.MachinePool, error) {
	for _, ref := range obj.OwnerReferences {
		if ref.Kind == "MachinePool" {
			return poolByName(ctx, c, obj.Namespace, ref.Name)
		}
	}
	return nil, nil
}

func poolByName(ctx context.Context, c client.Client, namespace, name string) (*clusterv1.MachinePool, error) {
	mp := &clusterv1.MachinePool{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, mp); err != nil {
		return nil, err
	}
	return mp, nil
}

func localOwner(ctx context.Context, c client.Client, obj metav1.ObjectMeta) (*MachinePool, error) {
	for _, ref := range obj.OwnerReferences {
		if ref.Kind == "MachinePool" {
			mp := &MachinePool{}
			if err := c.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: ref.Name}, mp); err != nil {
				return nil, err
			}
			return mp, nil
		}
	}
	return nil, nil
}
