package unstructured

// UnmarshalJSON fills the object from JSON.
func (u *Unstructured) UnmarshalJSON(b []byte) error { return nil }

// SetKind sets the object's kind.
func (u *Unstructured) SetKind(kind string) {}

// SetAPIVersion sets the object's API version.
func (u *Unstructured) SetAPIVersion(version string) {}

// SetUnstructuredContent sets the object's content.
func (u *Unstructured) SetUnstructuredContent(content map[string]interface{}) { u.Object = content }
