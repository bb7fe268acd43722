// Package source reads the Program a Stack names and answers a failed
// read with its own error values: ErrProgramGone for a Program that is not
// there, ErrRenderFailed for one that does not render.
package source

import (
	"context"
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ErrProgramGone is what Fetch returns when the Program is not found.
var ErrProgramGone = errors.New("program not found")

// ErrRenderFailed is what Fetch returns when the Program does not render.
var ErrRenderFailed = errors.New("program does not render")

type Program struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Body string
}

func (in *Program) DeepCopyObject() runtime.Object { return in }

// ProgramRef names a Program.
type ProgramRef struct {
	Name string
}

// Fetch reads the Program ref names; a missing one is ErrProgramGone.
func Fetch(ctx context.Context, c client.Client, ns string, ref ProgramRef) (*Program, error) {
	p := &Program{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: ns, Name: ref.Name}, p); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, ErrProgramGone
		}
		return nil, err
	}
	if p.Body == "" {
		return nil, ErrRenderFailed
	}
	return p, nil
}
