package reads

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SearchParent lists the namespace's ConfigMaps and looks for the one its
// spec names, failing when none has that name: once that ConfigMap is
// gone, every call fails.
func SearchParent(ctx context.Context, c client.Reader, obj *Child) (*corev1.ConfigMap, error) { // want SearchParent:`depNotFound\(why="referenced object not found", get="client.Reader.List", needs=\[List\], reads k8s.io/api/core/v1.ConfigMap\)`
	var list corev1.ConfigMapList
	if err := c.List(ctx, &list, client.InNamespace(obj.Namespace)); err != nil {
		return nil, err
	}
	for i := range list.Items {
		if list.Items[i].Name == obj.Spec.ParentRef.Name {
			return &list.Items[i], nil
		}
	}
	return nil, fmt.Errorf("parent %q not found", obj.Spec.ParentRef.Name)
}

// SearchOptional searches the same way and answers no object and a nil
// error when none matches: its callers see the absence in its result.
func SearchOptional(ctx context.Context, c client.Reader, obj *Child) (*corev1.ConfigMap, error) { // want SearchOptional:`depNotFound\(why="referenced object not found", get="client.Reader.List", needs=\[List\], reads k8s.io/api/core/v1.ConfigMap, nil when gone\)`
	var list corev1.ConfigMapList
	if err := c.List(ctx, &list, client.InNamespace(obj.Namespace)); err != nil {
		return nil, err
	}
	for _, cm := range list.Items {
		if cm.Name == obj.Spec.ParentRef.Name {
			return &cm, nil
		}
	}
	return nil, nil
}

// SearchOwn looks for the ConfigMap named after the object itself: no
// reference names it.
func SearchOwn(ctx context.Context, c client.Reader, obj *Child) (*corev1.ConfigMap, error) { // want SearchOwn:`depNotFound\(why="", get="", needs=\[List\]\)`
	var list corev1.ConfigMapList
	if err := c.List(ctx, &list, client.InNamespace(obj.Namespace)); err != nil {
		return nil, err
	}
	for _, cm := range list.Items {
		if cm.Name == obj.Name+"-settings" {
			return &cm, nil
		}
	}
	return nil, fmt.Errorf("settings of %s not found", obj.Name)
}
