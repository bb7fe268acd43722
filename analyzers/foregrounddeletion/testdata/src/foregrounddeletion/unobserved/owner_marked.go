// Reproduces a Pod's deletion code that marks the Pod's owner for deletion
// (so that the owner's controller does not make the Pod again) and deletes
// a Secret it made (logging a failure), then removes the Pod's finalizer.
// The Database is the Pod's owner, not a dependent: its deletion is its
// own controller's to finish, and it is not reported. The Secret, deleted
// and never observed gone, is.
package unobserved

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/dbapi"
)

const podFinalizer = "example.com/pod-cleanup"

// DatabasePods makes the Pods of a Database, controlled by it.
type DatabasePods struct {
	client.Client
}

func (r *DatabasePods) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &dbapi.Database{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: db.Namespace, Name: db.Name}}
	if err := controllerutil.SetControllerReference(db, pod, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, pod)
}

// RunnerPods cleans up after a Database's Pod.
type RunnerPods struct {
	client.Client
}

func (r *RunnerPods) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if pod.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	owner := &dbapi.Database{}
	if err := r.Get(ctx, req.NamespacedName, owner); err == nil && owner.DeletionTimestamp.IsZero() {
		if err := r.Delete(ctx, owner); err != nil {
			return ctrl.Result{}, err
		}
	}
	token := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: pod.Namespace, Name: pod.Name + "-token"}}
	if err := r.Delete(ctx, token); err != nil { // want `Pod removes its finalizer "example.com/pod-cleanup" after deleting the Secret without observing that the Secret is gone`
		log.Printf("deleting %s: %v", token.Name, err)
	}
	controllerutil.RemoveFinalizer(pod, podFinalizer)
	return ctrl.Result{}, r.Update(ctx, pod)
}
