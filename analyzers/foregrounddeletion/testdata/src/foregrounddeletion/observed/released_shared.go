// Reproduces Cluster API's ClusterResourceSet reconcileDelete: the set
// drops its owner reference from a shared binding object (owned by others
// too) and deletes the binding once it is empty; the binding is no longer
// its dependent, so its deletion need not be seen through.
package observed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ReleasedShared struct {
	client.Client
}

func (r *ReleasedShared) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.reconcileDelete(ctx, obj)
	}
	return ctrl.Result{}, nil
}

func (r *ReleasedShared) reconcileDelete(ctx context.Context, obj *corev1.ConfigMap) error {
	binding := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: obj.Data["binding"]}, binding); err != nil {
		if !apierrors.IsNotFound(err) {
			return err
		}
		controllerutil.RemoveFinalizer(obj, finalizerName)
		return nil
	}
	var kept []metav1.OwnerReference
	for _, ref := range binding.GetOwnerReferences() {
		if ref.UID != obj.UID {
			kept = append(kept, ref)
		}
	}
	binding.OwnerReferences = kept
	if len(kept) == 0 {
		if err := r.Delete(ctx, binding); err != nil {
			return err
		}
	} else if err := r.Update(ctx, binding); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return nil
}
