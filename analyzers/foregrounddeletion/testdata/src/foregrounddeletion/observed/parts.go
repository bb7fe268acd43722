// Reproduces a reconciler made of parts behind an interface whose
// Cleanup deletes a Volume and reads it back, saying not-done while it is
// there; the deletion requeues until every part is done.
package observed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type part interface {
	Cleanup(ctx context.Context, owner *corev1.ConfigMap) (bool, error)
}

type volumePart struct{ c client.Client }

func (p volumePart) Cleanup(ctx context.Context, owner *corev1.ConfigMap) (bool, error) {
	vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: owner.Namespace, Name: owner.Name}}
	if err := p.c.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
		return false, err
	}
	err := p.c.Get(ctx, client.ObjectKeyFromObject(vol), vol)
	if apierrors.IsNotFound(err) {
		return true, nil
	}
	return false, err
}

type PartsReconciler struct {
	client.Client
	parts []part
}

func NewPartsReconciler(c client.Client) *PartsReconciler {
	return &PartsReconciler{Client: c, parts: []part{volumePart{c}}}
}

func (r *PartsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		for _, p := range r.parts {
			done, err := p.Cleanup(ctx, obj)
			if err != nil {
				return ctrl.Result{}, err
			}
			if !done {
				return ctrl.Result{Requeue: true}, nil
			}
		}
		controllerutil.RemoveFinalizer(obj, "example.com/cleanup")
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}
