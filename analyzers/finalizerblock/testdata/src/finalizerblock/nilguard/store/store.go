// Package store defines a Store, whose spec names the Secret of its
// credentials, and a Snapshot of a Store, whose spec names the Store.
package store

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Store names the Secret that holds its credentials.
type Store struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Credentials string }
}

func (s *Store) DeepCopyObject() runtime.Object { return s }

// Snapshot copies a Store's data out; its spec names the Store, and the
// Secret of a token of its own.
type Snapshot struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Store, Token string }
}

func (s *Snapshot) DeepCopyObject() runtime.Object { return s }
