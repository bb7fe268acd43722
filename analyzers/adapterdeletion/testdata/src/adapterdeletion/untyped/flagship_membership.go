// Config Connector's graceful-deletion design example: a feature membership adapter reads the membership its spec names (an unstructured object, the key from spec.membershipRef) and turns not-found into fmt.Errorf("referenced %v not found"), before any deletion test.
package untyped

import (
	"context"
	"fmt"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
)

type membershipModel struct{ noURL }

func (m *membershipModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	name, _, _ := unstructured.NestedString(u.Object, "spec", "membershipRef", "name")
	key := types.NamespacedName{Name: name, Namespace: u.GetNamespace()}
	membership := &unstructured.Unstructured{}
	if err := op.Reader.Get(ctx, key, membership); err != nil { // want `AdapterForObject resolves a dependency \(op.Reader.Get, which returns an error when the referenced object is not found\) before checking whether the object is being deleted`
		if apierrors.IsNotFound(err) {
			return nil, fmt.Errorf("referenced %v not found", key)
		}
		return nil, err
	}
	if op.IsDeleting() {
		return &adapter{}, nil
	}
	return &adapter{topic: membership.GetName()}, nil
}
