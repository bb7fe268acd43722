// Reproduces a deletion written before controllerutil.RemoveFinalizer: it // want package:`module\(finalizes Replica,Volume\)`
// deletes a Pod, logs a failure, and clears the finalizers by assigning
// the Finalizers field. The assignment is the removal.
package unobserved

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ClearsByAssignment struct {
	client.Client
}

func (r *ClearsByAssignment) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.ObjectMeta.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	pod := &corev1.Pod{}
	pod.Namespace, pod.Name = app.Namespace, app.Name+"-runner"
	if err := r.Delete(ctx, pod); err != nil { // want `ConfigMap removes its finalizer after deleting the Pod without observing that the Pod is gone: a deletion that fails or is blocked by the Pod.s own finalizers goes unnoticed`
		log.Printf("deleting %s: %v", pod.Name, err)
	}
	app.ObjectMeta.Finalizers = nil
	return ctrl.Result{}, r.Update(ctx, app)
}
