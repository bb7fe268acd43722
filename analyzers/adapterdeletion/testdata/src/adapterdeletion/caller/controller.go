// Package caller reproduces the framework side of Config Connector's direct controllers (directbase/directbase_controller.go, doReconcile): the error of AdapterForObject classified as an unresolvable dependency and requeued.
package caller

import (
	"context"
	"errors"
	"fmt"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/lifecyclehandler"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/k8s"
	"github.com/deletionlint/deletionlint/runtime/deletion"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type reconcileContext struct {
	model  directbase.Model
	client client.Client
}

func (r *reconcileContext) handleUnresolvableDeps(ctx context.Context, u *unstructured.Unstructured, err error) (bool, error) {
	return true, nil
}

func (r *reconcileContext) handleUpdateFailed(ctx context.Context, u *unstructured.Unstructured, err error) error {
	return err
}

func (r *reconcileContext) handleDeleted(ctx context.Context, u *unstructured.Unstructured) error {
	return nil
}

// requeueFirst requeues on an unresolvable dependency before the deletion
// branch.
func (r *reconcileContext) requeueFirst(ctx context.Context, u *unstructured.Unstructured) (bool, error) {
	op := &directbase.AdapterForObjectOperation{Reader: r.client, Object: u}
	adapter, err := r.model.AdapterForObject(ctx, op)
	if err != nil {
		if unwrappedErr, ok := lifecyclehandler.CausedByUnresolvableDeps(err); ok { // want `the error of r.model.AdapterForObject is classified as a missing dependency \(lifecyclehandler.CausedByUnresolvableDeps\) and requeued without checking whether the object is being deleted`
			return r.handleUnresolvableDeps(ctx, u, unwrappedErr)
		}
		return false, r.handleUpdateFailed(ctx, u, err)
	}
	if !u.GetDeletionTimestamp().IsZero() {
		if _, err := adapter.Delete(ctx, &directbase.DeleteOperation{}); err != nil {
			return false, err
		}
		return false, r.handleDeleted(ctx, u)
	}
	return false, nil
}

// requeueErrorsAs classifies with errors.As and with the runtime helper.
func (r *reconcileContext) requeueErrorsAs(ctx context.Context, u *unstructured.Unstructured) (bool, error) {
	op := &directbase.AdapterForObjectOperation{Reader: r.client, Object: u}
	if _, err := r.model.AdapterForObject(ctx, op); err != nil {
		var notFound *k8s.ReferenceNotFoundError
		if errors.As(err, &notFound) { // want `classified as a missing dependency \(errors.As\)`
			return true, nil
		}
		if deletion.IsDependencyNotFound(err) { // want `classified as a missing dependency \(deletion.IsDependencyNotFound\)`
			return true, nil
		}
		return false, err
	}
	return false, nil
}

// deletingFirst tests deletion before it classifies.
func (r *reconcileContext) deletingFirst(ctx context.Context, u *unstructured.Unstructured) (bool, error) {
	op := &directbase.AdapterForObjectOperation{Reader: r.client, Object: u}
	adapter, err := r.model.AdapterForObject(ctx, op)
	if err != nil {
		if op.IsDeleting() && deletion.IsOrphaned(err) {
			return false, r.handleDeleted(ctx, u)
		}
		if _, ok := lifecyclehandler.CausedByUnresolvableDeps(err); ok && !op.IsDeleting() {
			return true, nil
		}
		return false, fmt.Errorf("building adapter: %w", err)
	}
	_ = adapter
	return false, nil
}

// releaseWhenDeleting classifies first but releases the finalizer when
// deleting before it requeues.
func (r *reconcileContext) releaseWhenDeleting(ctx context.Context, u *unstructured.Unstructured) (bool, error) {
	op := &directbase.AdapterForObjectOperation{Reader: r.client, Object: u}
	_, err := r.model.AdapterForObject(ctx, op)
	if err != nil {
		if _, _, ok := lifecyclehandler.CausedByUnreadyOrNonexistentResourceRefs(err); ok {
			if u.GetDeletionTimestamp() != nil {
				return false, r.handleDeleted(ctx, u)
			}
			return true, nil
		}
		return false, err
	}
	return false, nil
}

// otherErrors only reports the error, as the current directbase does.
func (r *reconcileContext) otherErrors(ctx context.Context, u *unstructured.Unstructured) (bool, error) {
	op := &directbase.AdapterForObjectOperation{Reader: r.client, Object: u}
	adapter, err := r.model.AdapterForObject(ctx, op)
	if err != nil {
		return false, r.handleUpdateFailed(ctx, u, err)
	}
	found, err := adapter.Find(ctx)
	if err != nil {
		if unwrappedErr, ok := lifecyclehandler.CausedByUnresolvableDeps(err); ok {
			return r.handleUnresolvableDeps(ctx, u, unwrappedErr)
		}
		return false, err
	}
	return found, nil
}

// switchOnCause classifies in a tagless switch.
func (r *reconcileContext) switchOnCause(ctx context.Context, u *unstructured.Unstructured) (bool, error) {
	op := &directbase.AdapterForObjectOperation{Reader: r.client, Object: u}
	_, err := r.model.AdapterForObject(ctx, op)
	if err != nil {
		switch {
		case k8s.IsReferenceNotReadyError(err): // want `classified as a missing dependency \(k8s.IsReferenceNotReadyError\)`
			return true, nil
		case errors.Is(err, context.Canceled):
			return false, nil
		}
		return false, err
	}
	return false, nil
}
