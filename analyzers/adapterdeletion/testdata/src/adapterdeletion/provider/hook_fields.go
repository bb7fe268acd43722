// Reproduces the hand-written half of a generated Crossplane external client (zz_generated_external.go): the
// comparison hook that the generated Observe calls reads the Secret the spec's key reference names, also while the
// object is being deleted, so once that Secret is gone Observe fails on every retry and the finalizer is never
// removed. The finding is about the generated Observe, and is reported here, at the hook, where the fix goes.
package provider

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/meta"
)

// payloadHooks holds what the hand-written hooks need.
type payloadHooks struct {
	kube client.Client
}

// hookOptions is what the hand-written setup passes to the generated
// constructor.
func hookOptions() []hookOption {
	return []hookOption{
		func(e *hookedExternal) {
			h := &payloadHooks{kube: e.kube}
			e.upToDate = h.upToDate
		},
	}
}

func (h *payloadHooks) upToDate(ctx context.Context, obj *Object) (bool, error) {
	payload, err := h.payload(ctx, obj) // want `Observe resolves a dependency \(e.upToDate, which returns an error when the referenced object is not found\) before checking whether Object is being deleted`
	if err != nil {
		return false, err
	}
	return len(payload) > 0, nil
}

func (h *payloadHooks) payload(ctx context.Context, obj *Object) ([]byte, error) {
	var ref *KeyReference
	switch {
	case obj.Spec.Payload.StringRef != nil:
		ref = obj.Spec.Payload.StringRef
	case obj.Spec.Payload.BinaryRef != nil:
		ref = obj.Spec.Payload.BinaryRef
	default:
		return nil, errors.New("no secret reference")
	}
	key := types.NamespacedName{Name: ref.Name, Namespace: ref.Namespace}
	s := &corev1.Secret{}
	if err := h.kube.Get(ctx, key, s); err != nil {
		return nil, err
	}
	return s.Data[ref.Key], nil
}

var (
	_ = newHookedExternal(nil, hookOptions())
	_ = checkedOption
)

// checkedOption sets a hook that, while the object is being deleted, does
// not read what its spec references: the generated Observe goes on to the
// deletion whatever is left.
func checkedOption(e *checkedExternal) {
	h := &payloadHooks{kube: e.kube}
	e.upToDate = func(ctx context.Context, obj *Object) (bool, error) {
		if meta.WasDeleted(obj) {
			return true, nil
		}
		return h.upToDate(ctx, obj)
	}
}
