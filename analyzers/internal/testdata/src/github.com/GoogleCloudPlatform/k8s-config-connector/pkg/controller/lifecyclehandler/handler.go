// Package lifecyclehandler is a stub of
// github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/lifecyclehandler:
// the helpers that classify an error as an unresolvable dependency.
package lifecyclehandler

import (
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/k8s"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

func CausedByUnreadyOrNonexistentResourceRefs(err error) (refGVK schema.GroupVersionKind, refNN types.NamespacedName, ok bool) {
	if unwrappedErr, ok := k8s.AsReferenceNotReadyError(err); ok {
		return unwrappedErr.RefResourceGVK, unwrappedErr.RefResource, true
	}
	if unwrappedErr, ok := k8s.AsReferenceNotFoundError(err); ok {
		return unwrappedErr.RefResourceGVK, unwrappedErr.RefResource, true
	}
	if unwrappedErr, ok := k8s.AsSecretNotFoundError(err); ok {
		return schema.GroupVersionKind{Version: "v1", Kind: "Secret"}, unwrappedErr.Secret, true
	}
	return schema.GroupVersionKind{}, types.NamespacedName{}, false
}

func CausedByUnresolvableDeps(err error) (unwrappedErr error, ok bool) {
	if unwrappedErr, ok := k8s.AsReferenceNotReadyError(err); ok {
		return unwrappedErr, true
	}
	if unwrappedErr, ok := k8s.AsReferenceNotFoundError(err); ok {
		return unwrappedErr, true
	}
	if unwrappedErr, ok := k8s.AsSecretNotFoundError(err); ok {
		return unwrappedErr, true
	}
	if unwrappedErr, ok := k8s.AsKeyInSecretNotFoundError(err); ok {
		return unwrappedErr, true
	}
	return nil, false
}
