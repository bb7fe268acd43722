package reads

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// parentKey builds the key of the parent the spec names.
func parentKey(obj *Child) types.NamespacedName { // want parentKey:`keyFrom\(\[0\]\)`
	return types.NamespacedName{Namespace: obj.Namespace, Name: obj.Spec.ParentRef.Name}
}

// ParentKey is the same key as an accessor of the object.
func (c *Child) ParentKey() types.NamespacedName { // want ParentKey:`keyFrom\(\[-1\]\)`
	key := parentKey(c)
	return key
}

// settingsKey is the key of the object's own settings: no reference.
func settingsKey(obj *Child) types.NamespacedName {
	return types.NamespacedName{Namespace: obj.Namespace, Name: obj.Name + "-settings"}
}

// settingsFor builds the object's settings from its spec: an object made
// for it, not the key of one it refers to.
func settingsFor(obj *Child) *corev1.ConfigMap {
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Namespace: obj.Namespace, Name: obj.Name + "-settings"},
		Data:       map[string]string{"parent": obj.Spec.ParentRef.Name},
	}
}

// ParentByKey reads the parent by the key parentKey builds.
func ParentByKey(ctx context.Context, c client.Reader, obj *Child) error { // want ParentByKey:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.ConfigMap\)`
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, parentKey(obj), cm); err != nil {
		return err
	}
	return nil
}

// ParentByAccessor reads it by the accessor's key, through a variable.
func ParentByAccessor(ctx context.Context, c client.Reader, obj *Child) error { // want ParentByAccessor:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.ConfigMap\)`
	key := obj.ParentKey()
	return c.Get(ctx, key, &corev1.ConfigMap{})
}

// OwnSettings reads the object's own settings: a dependency only where a
// caller hands it a reference for an object (never an object of its own).
func OwnSettings(ctx context.Context, c client.Reader, obj *Child) error { // want OwnSettings:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is a reference: "referenced object not found"\)`
	return c.Get(ctx, settingsKey(obj), &corev1.ConfigMap{})
}

// BuiltSettings reads the settings it builds back by their name: its
// own child, whatever the spec it was built from names (a dependency only
// as OwnSettings is).
func BuiltSettings(ctx context.Context, c client.Reader, obj *Child) error { // want BuiltSettings:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is a reference: "referenced object not found"\)`
	desired := settingsFor(obj)
	return c.Get(ctx, client.ObjectKeyFromObject(desired), &corev1.ConfigMap{})
}

// ownerKey names the object's owner of kind Parent, by its owner
// references, and says when it has none.
func ownerKey(meta metav1.ObjectMeta) (*client.ObjectKey, bool, error) { // want ownerKey:`keyFrom\(\[0\]\)`
	for _, ref := range meta.GetOwnerReferences() {
		if ref.Kind == "Parent" {
			return &client.ObjectKey{Namespace: meta.Namespace, Name: ref.Name}, false, nil
		}
	}
	return nil, true, nil
}

// ownedByParent says whether the object has an owner of kind Parent: a
// flag alone names nothing (no fact).
func ownedByParent(meta metav1.ObjectMeta) bool {
	for _, ref := range meta.OwnerReferences {
		if ref.Kind == "Parent" {
			return true
		}
	}
	return false
}
