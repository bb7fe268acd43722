// Reproduces a loop over the finalizers that keeps the entry whose cleanup // want package:`module\(finalizes Volume\)`
// failed and assigns the rest to the Finalizers field: the failure is
// observed, as with SetFinalizers.
package observed

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type KeepsFailedByAssignment struct {
	client.Client
}

func (r *KeepsFailedByAssignment) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	var kept []string
	for _, name := range app.Finalizers {
		if name != finalizerName {
			kept = append(kept, name)
			continue
		}
		s := &corev1.Secret{}
		s.Namespace, s.Name = app.Namespace, app.Name
		if err := r.Delete(ctx, s); client.IgnoreNotFound(err) != nil {
			log.Printf("deleting %s: %v", s.Name, err)
			kept = append(kept, name)
		}
	}
	app.Finalizers = kept
	return ctrl.Result{}, r.Update(ctx, app)
}
