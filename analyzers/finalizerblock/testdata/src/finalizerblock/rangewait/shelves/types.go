// +groupName=library.example.com

// Package shelves is a library API: Books stand on a Shelf they name.
package shelves

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Shelf struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Shelf) DeepCopyObject() runtime.Object { return in }

type Book struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec BookSpec
}

type BookSpec struct {
	ShelfName string
}

func (in *Book) DeepCopyObject() runtime.Object { return in }

type BookList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Book
}

func (in *BookList) DeepCopyObject() runtime.Object { return in }
