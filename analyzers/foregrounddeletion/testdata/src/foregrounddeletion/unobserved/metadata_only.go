// Reproduces a provider whose finalizer lists the virtual machines of a
// cluster as metadata only (their kind set on the list), deletes each and
// releases its finalizer in the same pass: the machines, held by their own
// finalizers while their disks are torn down, are never seen gone.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

var machineGroup = schema.GroupVersion{Group: "virt.example.com", Version: "v1"}

type MetadataOnly struct {
	client.Client
}

func (r *MetadataOnly) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	machines := &metav1.PartialObjectMetadataList{}
	machines.SetGroupVersionKind(machineGroup.WithKind("VirtualMachineList"))
	if err := r.List(ctx, machines, client.InNamespace(cluster.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range machines.Items {
		if err := r.Delete(ctx, &machines.Items[i]); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the VirtualMachine without observing that the VirtualMachine is gone`
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(cluster, finalizerName)
	return ctrl.Result{}, r.Update(ctx, cluster)
}
