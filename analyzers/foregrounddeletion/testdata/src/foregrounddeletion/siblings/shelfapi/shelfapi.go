// Package shelfapi stands for an operator's API: a Shelf holds Reports,
// which the Report controller protects with a finalizer of its own, and
// Tags, which nothing gives a finalizer.
package shelfapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API group of the package's kinds.
var GroupVersion = schema.GroupVersion{Group: "shelves.example.com", Version: "v1"}

type Shelf struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Shelf) DeepCopyObject() runtime.Object { return in }

type Report struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Report) DeepCopyObject() runtime.Object { return in }

type Tag struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Tag) DeepCopyObject() runtime.Object { return in }

// A Bookcase owns the Shelves its controller makes.
type Bookcase struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Bookcase) DeepCopyObject() runtime.Object { return in }

// A Ledger records a Shelf's loans; the Report controller keeps it with a
// finalizer too.
type Ledger struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Ledger) DeepCopyObject() runtime.Object { return in }
