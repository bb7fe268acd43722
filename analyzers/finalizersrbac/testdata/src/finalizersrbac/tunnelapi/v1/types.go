// Package v1 stands for the API of another project (a network plugin)
// whose CRDs are not in the operator's repository, and whose resource
// names are hyphenated (network-tunnels), not the plural controller-gen
// would derive from the kind.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// SchemeGroupVersion is the API group of the package's kinds.
var SchemeGroupVersion = schema.GroupVersion{Group: "tunnels.example.com", Version: "v1"}

type NetworkTunnel struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *NetworkTunnel) DeepCopyObject() runtime.Object { return in }

type NetworkLink struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *NetworkLink) DeepCopyObject() runtime.Object { return in }
