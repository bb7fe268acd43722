// Package schema is a stub of k8s.io/apimachinery/pkg/runtime/schema.
package schema

type GroupVersion struct{ Group, Version string }

func (gv GroupVersion) WithKind(kind string) GroupVersionKind {
	return GroupVersionKind{Group: gv.Group, Version: gv.Version, Kind: kind}
}
func (gv GroupVersion) String() string { return gv.Group + "/" + gv.Version }

type GroupKind struct{ Group, Kind string }

type GroupVersionKind struct{ Group, Version, Kind string }

func (gvk GroupVersionKind) GroupKind() GroupKind { return GroupKind{Group: gvk.Group, Kind: gvk.Kind} }
func (gvk GroupVersionKind) GroupVersion() GroupVersion {
	return GroupVersion{Group: gvk.Group, Version: gvk.Version}
}

func ParseGroupVersion(gv string) (GroupVersion, error) { return GroupVersion{}, nil }

type ObjectKind interface {
	SetGroupVersionKind(kind GroupVersionKind)
	GroupVersionKind() GroupVersionKind
}

type GroupResource struct{ Group, Resource string }

type GroupVersionResource struct{ Group, Version, Resource string }

func (gvr GroupVersionResource) GroupResource() GroupResource {
	return GroupResource{Group: gvr.Group, Resource: gvr.Resource}
}
