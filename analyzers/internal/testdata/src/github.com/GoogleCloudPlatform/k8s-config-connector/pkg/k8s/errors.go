// Package k8s is a stub of github.com/GoogleCloudPlatform/k8s-config-connector/pkg/k8s:
// the error types Config Connector classifies as unresolvable dependencies.
package k8s

import (
	"errors"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

type ReferenceNotReadyError struct {
	RefResourceGVK schema.GroupVersionKind
	RefResource    types.NamespacedName
}

func (e *ReferenceNotReadyError) Error() string {
	return fmt.Sprintf("reference %v %v is not ready", e.RefResourceGVK.Kind, e.RefResource)
}

func NewReferenceNotReadyError(refResourceGVK schema.GroupVersionKind, refResource types.NamespacedName) *ReferenceNotReadyError {
	return &ReferenceNotReadyError{refResourceGVK, refResource}
}

func AsReferenceNotReadyError(err error) (unwrappedErr *ReferenceNotReadyError, ok bool) {
	ok = errors.As(err, &unwrappedErr)
	return unwrappedErr, ok
}

func IsReferenceNotReadyError(err error) bool {
	_, ok := AsReferenceNotReadyError(err)
	return ok
}

type ReferenceNotFoundError struct {
	RefResourceGVK schema.GroupVersionKind
	RefResource    types.NamespacedName
}

func (e *ReferenceNotFoundError) Error() string {
	return fmt.Sprintf("reference %v %v is not found", e.RefResourceGVK.Kind, e.RefResource)
}

func NewReferenceNotFoundError(refResourceGVK schema.GroupVersionKind, refResource types.NamespacedName) *ReferenceNotFoundError {
	return &ReferenceNotFoundError{refResourceGVK, refResource}
}

func AsReferenceNotFoundError(err error) (unwrappedErr *ReferenceNotFoundError, ok bool) {
	ok = errors.As(err, &unwrappedErr)
	return unwrappedErr, ok
}

func IsReferenceNotFoundError(err error) bool {
	_, ok := AsReferenceNotFoundError(err)
	return ok
}

type SecretNotFoundError struct {
	Secret types.NamespacedName
}

func (e *SecretNotFoundError) Error() string { return fmt.Sprintf("Secret %v was not found", e.Secret) }

func NewSecretNotFoundError(secret types.NamespacedName) *SecretNotFoundError {
	return &SecretNotFoundError{secret}
}

func AsSecretNotFoundError(err error) (unwrappedErr *SecretNotFoundError, ok bool) {
	ok = errors.As(err, &unwrappedErr)
	return unwrappedErr, ok
}

type KeyInSecretNotFoundError struct {
	key    string
	secret types.NamespacedName
}

func (e *KeyInSecretNotFoundError) Error() string {
	return fmt.Sprintf("key '%v' was not found in Secret %v", e.key, e.secret)
}

func NewKeyInSecretNotFoundError(key string, secret types.NamespacedName) *KeyInSecretNotFoundError {
	return &KeyInSecretNotFoundError{key, secret}
}

func AsKeyInSecretNotFoundError(err error) (unwrappedErr *KeyInSecretNotFoundError, ok bool) {
	ok = errors.As(err, &unwrappedErr)
	return unwrappedErr, ok
}

type ImmutableFieldsMutationError struct {
	immutableFields []string
}

func (e *ImmutableFieldsMutationError) Error() string {
	return fmt.Sprintf("cannot make changes to immutable field(s): %v", e.immutableFields)
}

func NewImmutableFieldsMutationError(immutableFields []string) *ImmutableFieldsMutationError {
	return &ImmutableFieldsMutationError{immutableFields}
}
