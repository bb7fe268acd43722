// Package site defines a Site, whose credentials Secret its spec names,
// and Mirror and Replica, which copy data out of a Site.
package site

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Site names the Secret that holds its credentials.
type Site struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Credentials string }
}

func (s *Site) DeepCopyObject() runtime.Object { return s }

// Mirror copies a Site's data; its spec names the Site.
type Mirror struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Site string }
}

func (m *Mirror) DeepCopyObject() runtime.Object { return m }

// Replica copies a Site's data too; its Site waits for it.
type Replica struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Site string }
}

func (r *Replica) DeepCopyObject() runtime.Object { return r }

// ReplicaList is a list of Replicas.
type ReplicaList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Replica
}

func (l *ReplicaList) DeepCopyObject() runtime.Object { return l }
