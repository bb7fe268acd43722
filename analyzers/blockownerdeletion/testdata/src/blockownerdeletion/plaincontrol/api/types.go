// Package api reproduces an operator's API package: the kind its controller reconciles.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Store struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Store) DeepCopyObject() runtime.Object { return in }

// Reservation is made by a Store's controller and claimed later by the
// workload that uses it.
type Reservation struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Reservation) DeepCopyObject() runtime.Object { return in }

// Ledger owns a Deployment plainly, by design.
type Ledger struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Ledger) DeepCopyObject() runtime.Object { return in }

// Gateway runs a Deployment and a one-off Job, neither watched.
type Gateway struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Gateway) DeepCopyObject() runtime.Object { return in }

// Cache runs a StatefulSet that its controller protects with a finalizer.
type Cache struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Cache) DeepCopyObject() runtime.Object { return in }
