package reads

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ByAnnotation reads the Secret an annotation of the object names: a
// reference its user set, as a spec field is.
func ByAnnotation(ctx context.Context, c client.Reader, obj *Child) error { // want ByAnnotation:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.Secret\)`
	name, ok := obj.GetAnnotations()["example.com/credentials"]
	if !ok {
		return nil
	}
	return c.Get(ctx, types.NamespacedName{Namespace: obj.Namespace, Name: name}, &corev1.Secret{})
}

// ByLabelValue reads the ConfigMap a label of the object names.
func ByLabelValue(ctx context.Context, c client.Reader, obj *Child) error { // want ByLabelValue:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.ConfigMap\)`
	return c.Get(ctx, types.NamespacedName{Namespace: obj.Namespace, Name: obj.Labels["example.com/config"]}, &corev1.ConfigMap{})
}

// ByOwnName reads the ConfigMap named after the object: no reference.
func ByOwnName(ctx context.Context, c client.Reader, obj *Child) error { // want ByOwnName:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\]\)`
	return c.Get(ctx, types.NamespacedName{Namespace: obj.Namespace, Name: obj.Name + "-config"}, &corev1.ConfigMap{})
}
