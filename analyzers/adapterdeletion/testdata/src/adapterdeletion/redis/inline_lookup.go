// An older hand-written adapter that reads the referenced KMSCryptoKey itself and builds Config Connector's typed error inline when it is missing.
package redis

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/k8s"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

type inlineLookupModel struct{ noURL }

func (m *inlineLookupModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	key := types.NamespacedName{Namespace: u.GetNamespace(), Name: u.GetName() + "-key"}
	kmsKey := &unstructured.Unstructured{}
	if err := op.Reader.Get(ctx, key, kmsKey); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, k8s.NewReferenceNotFoundError(schema.GroupVersionKind{Kind: "KMSCryptoKey"}, key) // want `AdapterForObject fails with a dependency-not-found error \(k8s.NewReferenceNotFoundError\) before checking whether the object is being deleted`
		}
		return nil, err
	}
	if op.IsDeleting() {
		return &redisAdapter{}, nil
	}
	return &redisAdapter{}, nil
}
