// Package controllerutil is a stub of sigs.k8s.io/controller-runtime/pkg/controller/controllerutil.
package controllerutil

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type OwnerReferenceOption func(*metav1.OwnerReference)

func WithBlockOwnerDeletion(blockOwnerDeletion bool) OwnerReferenceOption {
	return func(ref *metav1.OwnerReference) { ref.BlockOwnerDeletion = &blockOwnerDeletion }
}

func SetControllerReference(owner, controlled metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	return nil
}

func SetOwnerReference(owner, object metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	return nil
}

func HasControllerReference(object metav1.Object) bool { return false }

func HasOwnerReference(ownerRefs []metav1.OwnerReference, obj client.Object, scheme *runtime.Scheme) (bool, error) {
	return false, nil
}

func RemoveControllerReference(owner, object metav1.Object, scheme *runtime.Scheme) error { return nil }

func RemoveOwnerReference(owner, object metav1.Object, scheme *runtime.Scheme) error { return nil }

type OperationResult string

const (
	OperationResultNone    OperationResult = "unchanged"
	OperationResultCreated OperationResult = "created"
	OperationResultUpdated OperationResult = "updated"
)

type MutateFn func() error

func CreateOrUpdate(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return OperationResultNone, nil
}

func CreateOrPatch(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return OperationResultNone, nil
}

func AddFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

func RemoveFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

func ContainsFinalizer(o client.Object, finalizer string) bool { return false }
