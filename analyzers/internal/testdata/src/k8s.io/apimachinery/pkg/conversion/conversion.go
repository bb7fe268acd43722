// Package conversion is a stub of k8s.io/apimachinery/pkg/conversion.
package conversion

// Equalities compares objects, with custom equality functions.
type Equalities struct{}

// DeepEqual is like reflect.DeepEqual, with the custom functions.
func (e Equalities) DeepEqual(a1, a2 interface{}) bool { return false }
