// The generic reconciler of Config Connector's direct controllers as it is written: the adapter and its error are assigned in the cases of a type switch over the model (an IAM variant and a default case), defaults are applied only to live objects, and then an unresolvable dependency is requeued with no deletion test; and its corrected twins.
package caller

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/lifecyclehandler"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// iamModel is the IAM variant of a model: its adapter comes from another
// method.
type iamModel interface {
	directbase.Model
	IAMAdapterForObject(ctx context.Context, u *unstructured.Unstructured) (directbase.Adapter, error)
}

func (r *reconcileContext) adapterFor(ctx context.Context, u *unstructured.Unstructured) (bool, error) {
	if u.GetDeletionTimestamp().IsZero() {
		u.SetLabels(map[string]string{"managed": "true"}) // defaults, for live objects only
	}
	var adapter directbase.Adapter
	var adapterErr error
	switch m := r.model.(type) {
	case iamModel:
		adapter, adapterErr = m.IAMAdapterForObject(ctx, u)
	default:
		adapter, adapterErr = r.model.AdapterForObject(ctx, &directbase.AdapterForObjectOperation{Reader: r.client, Object: u})
	}
	if adapterErr != nil {
		if unwrapped, ok := lifecyclehandler.CausedByUnresolvableDeps(adapterErr); ok { // want `the error of r.model.AdapterForObject is classified as a missing dependency \(lifecyclehandler.CausedByUnresolvableDeps\) and requeued without checking whether the object is being deleted`
			return r.handleUnresolvableDeps(ctx, u, unwrapped)
		}
		return false, r.handleUpdateFailed(ctx, u, adapterErr)
	}
	_, err := adapter.Find(ctx)
	return false, err
}

// adapterForReleasing tests deletion inside the branch and releases the
// finalizer instead of requeueing.
func (r *reconcileContext) adapterForReleasing(ctx context.Context, u *unstructured.Unstructured) (bool, error) {
	var adapter directbase.Adapter
	var adapterErr error
	switch m := r.model.(type) {
	case iamModel:
		adapter, adapterErr = m.IAMAdapterForObject(ctx, u)
	default:
		adapter, adapterErr = r.model.AdapterForObject(ctx, &directbase.AdapterForObjectOperation{Reader: r.client, Object: u})
	}
	if adapterErr != nil {
		if unwrapped, ok := lifecyclehandler.CausedByUnresolvableDeps(adapterErr); ok {
			if !u.GetDeletionTimestamp().IsZero() {
				return false, r.handleDeleted(ctx, u)
			}
			return r.handleUnresolvableDeps(ctx, u, unwrapped)
		}
		return false, r.handleUpdateFailed(ctx, u, adapterErr)
	}
	_, err := adapter.Find(ctx)
	return false, err
}

// adapterForDeletingFirst handles deletion before it builds the adapter
// for a live object.
func (r *reconcileContext) adapterForDeletingFirst(ctx context.Context, u *unstructured.Unstructured) (bool, error) {
	if !u.GetDeletionTimestamp().IsZero() {
		return false, r.handleDeleted(ctx, u)
	}
	var adapterErr error
	switch m := r.model.(type) {
	case iamModel:
		_, adapterErr = m.IAMAdapterForObject(ctx, u)
	default:
		_, adapterErr = r.model.AdapterForObject(ctx, &directbase.AdapterForObjectOperation{Reader: r.client, Object: u})
	}
	if adapterErr != nil {
		if unwrapped, ok := lifecyclehandler.CausedByUnresolvableDeps(adapterErr); ok {
			return r.handleUnresolvableDeps(ctx, u, unwrapped)
		}
		return false, adapterErr
	}
	return false, nil
}
