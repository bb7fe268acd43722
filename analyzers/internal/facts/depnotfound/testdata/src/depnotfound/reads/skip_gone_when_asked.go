// Reproduces a helper that reads every object a spec references and skips the gone ones only when its caller asks (if ignoreNotFound && IsNotFound(err) { continue }): it hands a not-found on only when given false, so a caller passing true resolves nothing that can strand a deletion.
package reads

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Holder is a KRM object whose spec lists references.
type Holder struct {
	Namespace string
	Spec      struct{ Refs []ParentRef }
}

// EachRef reads each referenced object.
func EachRef(ctx context.Context, c client.Reader, h *Holder, ignoreNotFound bool) error { // want EachRef:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 3 is false: "referenced object not found"\)`
	for _, ref := range h.Spec.Refs {
		u := &unstructured.Unstructured{}
		err := c.Get(ctx, types.NamespacedName{Name: ref.Name, Namespace: h.Namespace}, u)
		if err != nil {
			if ignoreNotFound && apierrors.IsNotFound(err) {
				continue
			}
			return err
		}
	}
	return nil
}

// Release skips what is gone.
func Release(ctx context.Context, c client.Reader, h *Holder) error { // want Release:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\]\)`
	return EachRef(ctx, c, h, true)
}

// Acquire needs every one.
func Acquire(ctx context.Context, c client.Reader, h *Holder) error { // want Acquire:`depNotFound\(why="referenced object not found"`
	return EachRef(ctx, c, h, false)
}
