package schema

// ToAPIVersionAndKind is a convenience method for satisfying runtime.Object
// on types that do not use TypeMeta.
func (gvk GroupVersionKind) ToAPIVersionAndKind() (string, string) {
	return gvk.GroupVersion().String(), gvk.Kind
}

// FromAPIVersionAndKind returns a GroupVersionKind for types that do not use
// TypeMeta.
func FromAPIVersionAndKind(apiVersion, kind string) GroupVersionKind {
	group, version := "", apiVersion
	for i := 0; i < len(apiVersion); i++ {
		if apiVersion[i] == '/' {
			group, version = apiVersion[:i], apiVersion[i+1:]
		}
	}
	return GroupVersionKind{Group: group, Version: version, Kind: kind}
}
