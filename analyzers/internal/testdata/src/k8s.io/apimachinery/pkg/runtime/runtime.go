// Package runtime is a stub of k8s.io/apimachinery/pkg/runtime.
package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

type Object interface {
	GetObjectKind() schema.ObjectKind
	DeepCopyObject() Object
}

type Scheme struct{}

func NewScheme() *Scheme { return &Scheme{} }

func (s *Scheme) ObjectKinds(obj Object) ([]schema.GroupVersionKind, bool, error) {
	return nil, false, nil
}

// ApplyConfiguration is an object that describes the declarative state of an object.
type ApplyConfiguration interface {
	IsApplyConfiguration()
}
