// Package retried holds deletion code that hands a lookup's error back for // want package:`order\(Archive needs ConfigMap, Archive needs Secret, Tenant needs ConfigMap, Tenant needs Secret; releases Archive, Tenant\)`
// a retry. On the way to the deletion branch that is a retry of what may be
// transient; in code that runs only while the object is being deleted, the
// object looked up may be gone, and then every retry fails the same way.
package retried

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const finalizer = "example.com/cleanup"

// Tenant owns a credentials Secret and a quota ConfigMap named after it.
type Tenant struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Tenant) DeepCopyObject() runtime.Object { return in }

// Archive keeps its data in a bucket described by a ConfigMap.
type Archive struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Archive) DeepCopyObject() runtime.Object { return in }
