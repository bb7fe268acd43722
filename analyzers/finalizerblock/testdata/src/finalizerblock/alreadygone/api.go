// Package alreadygone reproduces deletion code that deletes the children it // want package:`order\(Website needs Deployment; releases Website\)`
// made by name, not the ones a lookup found: once a child is gone (deleted
// by hand, with the namespace, or by an earlier pass that failed after
// it), its Delete fails with not-found on every pass.
package alreadygone

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const siteFinalizer = "sites.example.com/cleanup"

type Website struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec WebsiteSpec
}

type WebsiteSpec struct {
	Replicas int32
}

func (in *Website) DeepCopyObject() runtime.Object { return in }
