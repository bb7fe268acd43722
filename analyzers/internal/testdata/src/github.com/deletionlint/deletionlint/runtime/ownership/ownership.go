// Package ownership is a stub of github.com/deletionlint/deletionlint/runtime/ownership.
package ownership

import (
	"context"
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func NewControllerRef(owner client.Object, scheme *runtime.Scheme) (metav1.OwnerReference, error) {
	return metav1.OwnerReference{}, nil
}

func SetControllerReference(owner, child client.Object, scheme *runtime.Scheme) error { return nil }

func EnsureChild(ctx context.Context, c client.Client, owner, child client.Object, mutate func() error) (controllerutil.OperationResult, error) {
	return controllerutil.OperationResultNone, nil
}

var (
	ErrNoOwner   = errors.New("no owner reference")
	ErrOwnerGone = errors.New("owner gone")
)

func GetOwner[T client.Object](ctx context.Context, c client.Reader, obj client.Object, owner T) error {
	return nil
}
