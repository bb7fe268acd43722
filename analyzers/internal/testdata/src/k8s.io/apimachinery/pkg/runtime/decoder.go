package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

// Decoder turns serialized data into an object.
type Decoder interface {
	Decode(data []byte, defaults *schema.GroupVersionKind, into Object) (Object, *schema.GroupVersionKind, error)
}
