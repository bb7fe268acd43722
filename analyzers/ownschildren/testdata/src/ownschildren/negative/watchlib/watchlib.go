// Reproduces a library that adds watches to a controller builder it is given.
package watchlib

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
)

func AddWatches(b *builder.Builder) *builder.Builder {
	return b.Owns(&corev1.Service{})
}
