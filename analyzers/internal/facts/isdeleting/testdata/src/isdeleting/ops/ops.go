// Package ops reproduces Config Connector's directbase operation type, whose
// IsDeleting wrapper is defined away from the adapters that call it.
package ops

import (
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Op struct {
	Reader client.Reader
	Object *unstructured.Unstructured
}

func (o *Op) IsDeleting() bool { // want IsDeleting:"deletionCheck\\(whenDeleting=true\\)"
	return !o.Object.GetDeletionTimestamp().IsZero()
}

// IsLive is a wrapper of a wrapper, with the opposite polarity.
func (o *Op) IsLive() bool { // want IsLive:"deletionCheck\\(whenDeleting=false\\)"
	return !o.IsDeleting()
}

func Deleting(obj client.Object) bool { // want Deleting:"deletionCheck\\(whenDeleting=true\\)"
	if obj.GetDeletionTimestamp() == nil {
		return false
	}
	return true
}

// NotAWrapper mixes a deletion test with something else.
func NotAWrapper(obj client.Object, force bool) bool {
	if force {
		return true
	}
	return obj.GetDeletionTimestamp() != nil
}

// IsDeletingGuarded has the nil guard of the runtime's deletion.IsDeleting.
func IsDeletingGuarded(obj client.Object) bool { // want IsDeletingGuarded:"deletionCheck\\(whenDeleting=true\\)"
	if obj == nil {
		return false
	}
	return !obj.GetDeletionTimestamp().IsZero()
}

// NilMeansDeleting is not a wrapper: it claims a missing object is deleting.
func NilMeansDeleting(obj client.Object) bool {
	if obj == nil {
		return true
	}
	return obj.GetDeletionTimestamp() != nil
}
