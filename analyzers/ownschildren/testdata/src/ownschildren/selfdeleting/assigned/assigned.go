// Package assigned gives its Job a time to live after it finishes by an
// assignment: the Job deletes itself, so no watch is missing.
package assigned

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

type CleanupReconciler struct {
	client.Client
}

func (r *CleanupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	job := &batchv1.Job{}
	job.Name, job.Namespace = m.Name+"-compact", m.Namespace
	ttl := int32(60)
	job.Spec.TTLSecondsAfterFinished = &ttl
	if err := ctrl.SetControllerReference(m, job, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, job)
}

func (r *CleanupReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Complete(r)
}
