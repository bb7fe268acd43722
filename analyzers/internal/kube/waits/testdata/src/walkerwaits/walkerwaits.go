// Package walkerwaits reproduces an infrastructure provider that finds the // want package:`waits MachinePool->InfraPool`
// owning Cluster API MachinePool of its machine pool kind with a helper of
// its own, written like util.GetOwnerMachinePool: it walks the object's
// owner references and reads the MachinePool by name. The pool carries the
// contract's provider ID list, so the MachinePool's deletion waits for it.
// A pool of a local kind named MachinePool, found the same way, is no
// Cluster API object: nothing waits.
package walkerwaits

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type InfraPool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ ProviderIDList []string }
}

// MachinePool is a kind of this package that only shares the name.
type MachinePool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (p *MachinePool) DeepCopyObject() runtime.Object { return p }

// LocalPool is owned by the local MachinePool.
type LocalPool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ ProviderIDList []string }
}

type R struct {
	client.Client
}

func (r *R) pool(ctx context.Context, p *InfraPool) error {
	_, err := ownerPool(ctx, r.Client, p.ObjectMeta)
	return err
}

func (r *R) local(ctx context.Context, p *LocalPool) error {
	_, err := localOwner(ctx, r.Client, p.ObjectMeta)
	return err
}

func ownerPool(ctx context.Context, c client.Client, obj metav1.ObjectMeta) (*clusterv1.MachinePool, error) {
	for _, ref := range obj.OwnerReferences {
		if ref.Kind == "MachinePool" {
			mp := &clusterv1.MachinePool{}
			if err := c.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: ref.Name}, mp); err != nil {
				return nil, err
			}
			return mp, nil
		}
	}
	return nil, nil
}

func localOwner(ctx context.Context, c client.Client, obj metav1.ObjectMeta) (*MachinePool, error) {
	for _, ref := range obj.GetOwnerReferences() {
		if ref.Kind == "MachinePool" {
			mp := &MachinePool{}
			return mp, c.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: ref.Name}, mp)
		}
	}
	return nil, nil
}
