// Package crfinalizer reproduces finalizers registered with
// controller-runtime's finalizer registry: the registry calls each one's
// Finalize only while the object is being deleted and removes the
// finalizer only when Finalize succeeds, so a Finalize that fails for good
// once a referenced object is gone keeps the finalizer for good.
package crfinalizer

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"
)

type Account struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Account) DeepCopyObject() runtime.Object { return in }

type BucketSpec struct {
	AccountName string
}

type Bucket struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec BucketSpec
}

func (in *Bucket) DeepCopyObject() runtime.Object { return in }

type strictFinalizer struct{ c client.Client }

func (s strictFinalizer) Finalize(ctx context.Context, obj client.Object) (finalizer.Result, error) {
	b := obj.(*Bucket)
	acct := &Account{}
	if err := s.c.Get(ctx, client.ObjectKey{Namespace: b.Namespace, Name: b.Spec.AccountName}, acct); err != nil {
		return finalizer.Result{}, err // want `when the Account named by b.Spec.AccountName is already deleted, this return keeps .* from ever reaching the removal of its finalizer: finalizer.Finalizers.Finalize calls Finalizer.Finalize only while`
	}
	return finalizer.Result{}, nil
}

type tolerantFinalizer struct{ c client.Client }

// A missing Account means there is nothing left to clean up.
func (t tolerantFinalizer) Finalize(ctx context.Context, obj client.Object) (finalizer.Result, error) {
	b := obj.(*Bucket)
	acct := &Account{}
	if err := t.c.Get(ctx, client.ObjectKey{Namespace: b.Namespace, Name: b.Spec.AccountName}, acct); err != nil {
		if apierrors.IsNotFound(err) {
			return finalizer.Result{}, nil
		}
		return finalizer.Result{}, err
	}
	return finalizer.Result{}, nil
}

func register(c client.Client) (finalizer.Finalizers, error) {
	fins := finalizer.NewFinalizers()
	if err := fins.Register("example.com/strict", strictFinalizer{c}); err != nil {
		return nil, err
	}
	return fins, fins.Register("example.com/tolerant", tolerantFinalizer{c})
}

// childFinalizer deletes the Bucket's ConfigMap by name: the registry runs
// it on every pass while deleting, so once the ConfigMap is gone it fails
// for good.
type childFinalizer struct{ c client.Client }

func (f childFinalizer) Finalize(ctx context.Context, obj client.Object) (finalizer.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: obj.GetName() + "-cache", Namespace: obj.GetNamespace()}}
	if err := f.c.Delete(ctx, cm); err != nil {
		return finalizer.Result{}, err // want `when the ConfigMap named by obj.GetName\(\) \+ "-cache" is already gone .*, the Delete fails with not-found on every retry, and this return hands that error back: this return keeps .* from ever reaching the removal of its finalizer`
	}
	return finalizer.Result{}, nil
}

func registerChild(c client.Client) (finalizer.Finalizers, error) {
	fins := finalizer.NewFinalizers()
	return fins, fins.Register("example.com/child", childFinalizer{c})
}
