// Reproduces a reconciler made of parts behind an interface, each with a
// Cleanup method that its deletion calls in a loop; one part deletes a
// Volume without seeing it gone.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type part interface {
	Cleanup(ctx context.Context, owner *corev1.ConfigMap) error
}

type volumePart struct{ c client.Client }

func (p volumePart) Cleanup(ctx context.Context, owner *corev1.ConfigMap) error {
	vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: owner.Namespace, Name: owner.Name}}
	return client.IgnoreNotFound(p.c.Delete(ctx, vol))
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
			if err := p.Cleanup(ctx, obj); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
				return ctrl.Result{}, err
			}
		}
		controllerutil.RemoveFinalizer(obj, finalizerName)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}
