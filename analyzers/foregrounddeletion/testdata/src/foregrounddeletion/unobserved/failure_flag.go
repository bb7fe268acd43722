// Reproduces finalizers whose failure flags lead nowhere: a loop that sets
// failed = true that nothing reads before the removal, and a helper whose
// bool result says a Delete failed, called as a statement.
package unobserved

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type FlagIgnored struct {
	client.Client
}

func (r *FlagIgnored) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
		if err := r.Delete(ctx, s); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Secret without observing that the Secret is gone`
			log.Printf("deleting secret %s: %v", name, err)
			failed = true
		}
	}
	log.Printf("cleanup of %s failed: %v", app.Name, failed)
	r.dropAccounts(ctx, app) // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the ServiceAccount without observing that the ServiceAccount is gone`
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}

// dropAccounts deletes the ServiceAccounts app names and reports whether a
// Delete failed.
func (r *FlagIgnored) dropAccounts(ctx context.Context, app *corev1.ConfigMap) bool {
	for _, name := range app.BinaryData {
		sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: string(name)}}
		if err := r.Delete(ctx, sa); client.IgnoreNotFound(err) != nil {
			log.Printf("deleting service account %s: %v", sa.Name, err)
			return true
		}
	}
	return false
}
