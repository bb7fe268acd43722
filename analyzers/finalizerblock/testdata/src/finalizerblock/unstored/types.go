// Package unstored reproduces reconcilers that add their finalizer to the // want package:`order\(Token needs Secret; releases Token\)`
// object in memory and then write the object back: through its status
// only (the API server drops the metadata of a status write, so the object
// never holds the finalizer and nothing can keep it from being deleted), or
// through a write that stores it.
package unstored

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const (
	finalizerName       = "example.com/revoke"
	statusOnlyFinalizer = "example.com/status-only"
)

type Token struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   TokenSpec
	Status TokenStatus
}

type TokenSpec struct {
	SecretName string
}

type TokenStatus struct {
	Phase string
}

func (in *Token) DeepCopyObject() runtime.Object { return in }
