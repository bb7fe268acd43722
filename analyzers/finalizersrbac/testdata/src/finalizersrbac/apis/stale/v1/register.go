// Package v1 has a stale +groupName marker: the group the scheme registers its kinds under, from a constant, is the one the client sends.
// +groupName=old.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const Group = "new.example.com"

// SchemeGroupVersion is the group version used to register these objects.
var SchemeGroupVersion = schema.GroupVersion{Group: Group, Version: "v1"}

// Run is a kind of the new.example.com group.
type Run struct{ metav1.ObjectMeta }
