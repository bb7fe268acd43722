// +groupName=journal.example.com

// Package v1 is the v1 version of a journal API whose Entries a Ledger's
// controller writes.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Entry struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Entry) DeepCopyObject() runtime.Object { return in }
