package caller

import (
	"context"
	"errors"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// errSecretGone is what secretModel answers a missing Secret with;
// errQuota is for a cloud that refuses.
var (
	errSecretGone = errors.New("referenced secret not found")
	errQuota      = errors.New("quota exceeded")
)

// secretModel builds adapters that read the Secret the spec names and
// answer its absence with errSecretGone.
type secretModel struct{}

func (secretModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	name, _, _ := unstructured.NestedString(op.Object.Object, "spec", "secretRef", "name")
	s := &corev1.Secret{}
	if err := op.Reader.Get(ctx, client.ObjectKey{Namespace: op.Object.GetNamespace(), Name: name}, s); err != nil { // want `AdapterForObject resolves a dependency \(op.Reader.Get, which returns an error when the referenced object is not found\) before checking whether the object is being deleted`
		return nil, errSecretGone
	}
	if len(s.Data) == 0 {
		return nil, errQuota
	}
	return nil, nil
}

func (secretModel) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}

// requeueOnValue classifies with errors.Is of the value the model answers
// a missing Secret with, and requeues before the deletion branch; a test
// of another value classifies nothing.
func (r *reconcileContext) requeueOnValue(ctx context.Context, u *unstructured.Unstructured) (bool, error) {
	op := &directbase.AdapterForObjectOperation{Reader: r.client, Object: u}
	if _, err := r.model.AdapterForObject(ctx, op); err != nil {
		if errors.Is(err, errQuota) {
			return true, nil
		}
		if errors.Is(err, errSecretGone) { // want `classified as a missing dependency \(errors.Is\)`
			return true, nil
		}
		return false, err
	}
	return false, nil
}
