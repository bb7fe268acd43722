// +groupName=store.example.com

// Package vault is an API whose objects say, in their spec, what their
// deletion does with what they hold.
package vault

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type ReclaimPolicy string

const (
	Delete ReclaimPolicy = "Delete"
	Retain ReclaimPolicy = "Retain"
)

type LockerSpec struct {
	ReclaimPolicy ReclaimPolicy
	PurgeOnDelete bool
	Suspend       bool
	// PreDeleteHooks names the controllers that must finish their own
	// cleanup first; each removes its entry when it is done.
	PreDeleteHooks []string
	Holds          map[string]string
	Buckets        []string
}

type LockerStatus struct {
	ExternalID string
}

type Locker struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   LockerSpec
	Status LockerStatus
}

func (in *Locker) DeepCopyObject() runtime.Object { return in }
