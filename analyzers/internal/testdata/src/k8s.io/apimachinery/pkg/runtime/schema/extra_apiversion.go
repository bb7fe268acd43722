package schema

// ToAPIVersionAndKind is a convenience method for satisfying runtime.Object
// on types that do not use TypeMeta.
func (gvk GroupVersionKind) ToAPIVersionAndKind() (string, string) {
	return gvk.GroupVersion().String(), gvk.Kind
}
