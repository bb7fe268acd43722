// Reproduces finalizers that note a failed Delete in a bool instead of
// returning its error: a loop that sets failed = true and requeues after
// it, and a helper whose bool result says that one of its Deletes failed,
// which the reconciler turns into the same requeue. A failure keeps the
// finalizer; the Secrets and ServiceAccounts carry none of their own.
package observed

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type FailureFlag struct {
	client.Client
}

func (r *FailureFlag) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	failed := false
	for name := range app.Data {
		s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: name}}
		if err := r.Delete(ctx, s); client.IgnoreNotFound(err) != nil {
			log.Printf("deleting secret %s: %v", name, err)
			failed = true
		}
	}
	if r.dropAccounts(ctx, app) {
		failed = true
	}
	if failed {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}

// dropAccounts deletes the ServiceAccounts app names and reports whether a
// Delete failed.
func (r *FailureFlag) dropAccounts(ctx context.Context, app *corev1.ConfigMap) (hasErrors bool) {
	for _, name := range app.BinaryData {
		sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: string(name)}}
		if err := r.Delete(ctx, sa); err != nil {
			if client.IgnoreNotFound(err) != nil {
				log.Printf("deleting service account %s: %v", sa.Name, err)
				hasErrors = true
			}
		}
	}
	return
}
