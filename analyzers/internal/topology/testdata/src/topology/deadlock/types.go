// Package deadlock is an operator whose two kinds wait for each other while
// being deleted: a Pool deletes its Member and keeps its finalizer until the
// Member is gone, and a Member keeps its finalizer until its Pool is gone.
// Neither finalizer is ever removed.
package deadlock

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API's group and version.
var GroupVersion = schema.GroupVersion{Group: "pool.example.com", Version: "v1"}

const (
	PoolFinalizer   = "pool.example.com/members"
	MemberFinalizer = "pool.example.com/leave"
)

type Pool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Pool) DeepCopyObject() runtime.Object { return in }

type Member struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Member) DeepCopyObject() runtime.Object { return in }
