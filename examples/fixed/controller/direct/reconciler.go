// Package direct holds the generic reconciler of the direct controllers: one
// instance per kind drives that kind's directbase.Model and its adapters.
package direct

import (
	"context"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/deletionlint/deletionlint/runtime/deletion"
	"github.com/deletionlint/deletionlint/runtime/finalizer"

	"github.com/deletionlint/deletionlint/examples/pkg/controller/direct/directbase"
)

// Finalizer is put on every object a direct controller manages, so that its
// cloud resource is deleted before the object goes.
const Finalizer = "hosting.deletionlint.dev/direct"

// dependencyRetry is how long to wait before trying again when an object
// refers to an object that does not exist yet.
const dependencyRetry = 30 * time.Second

// Reconciler reconciles the objects of one kind through its model.
type Reconciler struct {
	// Client reads and writes the objects.
	Client client.Client
	// GVK is the kind reconciled.
	GVK schema.GroupVersionKind
	// Model builds an adapter for each object.
	Model directbase.Model
}

// SetupWithManager registers the reconciler with mgr.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(r.GVK)
	return ctrl.NewControllerManagedBy(mgr).
		For(u).
		Named(strings.ToLower(r.GVK.Kind)).
		Complete(r)
}

// Reconcile creates, updates or deletes the cloud resource of one object.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logger := log.FromContext(ctx)

	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(r.GVK)
	if err := r.Client.Get(ctx, req.NamespacedName, u); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	adapter, err := r.Model.AdapterForObject(ctx, directbase.NewAdapterForObjectOperation(r.Client, u))
	if err != nil {
		if deletion.IsDependencyNotFound(err) {
			if deletion.IsDeleting(u) {
				// What the object refers to is gone, and no cloud
				// resource was recorded: there is nothing left to
				// delete through it.
				logger.Info("dependency gone during deletion; releasing finalizer", "reason", err.Error())
				return ctrl.Result{}, finalizer.Remove(ctx, r.Client, u, Finalizer)
			}
			logger.Info("waiting for a referenced object", "reason", err.Error())
			return ctrl.Result{RequeueAfter: dependencyRetry}, nil
		}
		return ctrl.Result{}, err
	}

	exists, err := adapter.Find(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}

	if deletion.IsDeleting(u) {
		if !controllerutil.ContainsFinalizer(u, Finalizer) {
			return ctrl.Result{}, nil
		}
		if exists {
			logger.Info("deleting cloud resource")
			if _, err := adapter.Delete(ctx, directbase.NewDeleteOperation(r.Client, u)); err != nil {
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, finalizer.Remove(ctx, r.Client, u, Finalizer)
	}

	if err := finalizer.Add(ctx, r.Client, u, Finalizer); err != nil {
		return ctrl.Result{}, err
	}
	if !exists {
		logger.Info("creating cloud resource")
		return ctrl.Result{}, adapter.Create(ctx, directbase.NewCreateOperation(r.Client, u))
	}
	return ctrl.Result{}, adapter.Update(ctx, directbase.NewUpdateOperation(r.Client, u))
}
