package unstructured

func (u *Unstructured) SetAPIVersion(version string) {}
func (u *Unstructured) SetKind(kind string)          {}
