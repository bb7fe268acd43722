// Reproduces Cluster API's MachinePool reconcileDeleteExternal: the objects
// the spec refers to are read through a getter of another package, deleted,
// and the finalizer is released only once a later reconcile reads none.
package observed

import (
	"context"

	"foregrounddeletion/external"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ExternalRefs struct {
	client.Client
}

func (r *ExternalRefs) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return r.reconcileDelete(ctx, obj)
}

func (r *ExternalRefs) reconcileDelete(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	gone, err := r.deleteReferenced(ctx, obj)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !gone {
		return ctrl.Result{}, nil
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// deleteReferenced deletes what the references name and reports whether
// nothing was left to delete.
func (r *ExternalRefs) deleteReferenced(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	var found []*unstructured.Unstructured
	for _, name := range []string{obj.Data["bootstrap"], obj.Data["infrastructure"]} {
		if name == "" {
			continue
		}
		u, err := external.Get(ctx, r.Client, corev1.ObjectReference{Name: name}, obj.Namespace)
		if err != nil && !apierrors.IsNotFound(err) {
			return false, err
		}
		if u != nil {
			found = append(found, u)
		}
	}
	for _, u := range found {
		if err := r.Delete(ctx, u); err != nil && !apierrors.IsNotFound(err) {
			return false, err
		}
	}
	return len(found) == 0, nil
}
