// Reproduces Crossplane's claim API: the claim's spec names how its
// composite is deleted (compositeDeletePolicy: Background or Foreground).
package policy

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type CompositeDeletePolicy string

const (
	CompositeDeleteBackground CompositeDeletePolicy = "Background"
	CompositeDeleteForeground CompositeDeletePolicy = "Foreground"
)

// DeletionPolicy says what happens to an external resource: not a
// propagation policy.
type DeletionPolicy string

const (
	DeletionOrphan DeletionPolicy = "Orphan"
	DeletionDelete DeletionPolicy = "Delete"
)

type Claim struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ClaimSpec
}

type ClaimSpec struct {
	CompositeDeletePolicy *CompositeDeletePolicy
}

func (in *Claim) DeepCopyObject() runtime.Object { return in }

type Composite struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec CompositeSpec
}

type CompositeSpec struct {
	DeletionPolicy DeletionPolicy
}

func (in *Composite) DeepCopyObject() runtime.Object { return in }

type Managed struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Managed) DeepCopyObject() runtime.Object { return in }
