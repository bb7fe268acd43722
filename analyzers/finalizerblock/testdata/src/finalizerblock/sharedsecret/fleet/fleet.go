// Package fleet defines a Fleet, whose token Secret its spec names, and a
// Drone that flies in a Fleet, and builds the Scope both controllers work
// in: NewScope reads the Fleet's token.
package fleet

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Fleet holds the token its Drones fly with.
type Fleet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ TokenSecret string }
}

func (f *Fleet) DeepCopyObject() runtime.Object { return f }

// Drone flies in the Fleet its spec names.
type Drone struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Fleet string }
}

func (d *Drone) DeepCopyObject() runtime.Object { return d }

// Scope is a Fleet with its token.
type Scope struct {
	Fleet *Fleet
	Token []byte
}

// NewScope reads the Fleet's token Secret and hands its errors back as
// they are, not-found included.
func NewScope(ctx context.Context, c client.Client, f *Fleet) (*Scope, error) {
	s := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: f.Namespace, Name: f.Spec.TokenSecret}, s); err != nil {
		return nil, err
	}
	return &Scope{Fleet: f, Token: s.Data["token"]}, nil
}
