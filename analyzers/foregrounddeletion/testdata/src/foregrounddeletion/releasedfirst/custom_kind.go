// Reproduces an operator that hands out Addresses, a kind of a shared API // want package:`module\(finalizes Address\)`
// with no controller of its own, and protects each with a finalizer of its
// own while the claim (here a ConfigMap) exists. On the claim's deletion it
// patches that finalizer away from the Address, then deletes the Address
// and returns the Delete's error: the only finalizer the Address carries is
// the one just released, so the deletion completes at once. Another
// deletion path deletes a protected Address without releasing it first:
// the Address waits on that finalizer, unseen.
package releasedfirst

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/network"
)

const (
	claimFinalizer   = "example.com/claim"
	addressFinalizer = "example.com/protect-address"
)

type Claims struct {
	client.Client
}

func (r *Claims) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if claim.DeletionTimestamp.IsZero() {
		addr := &network.Address{}
		addr.Namespace, addr.Name = claim.Namespace, claim.Name
		controllerutil.AddFinalizer(addr, addressFinalizer)
		return ctrl.Result{}, r.Create(ctx, addr)
	}
	return r.release(ctx, claim)
}

func (r *Claims) release(ctx context.Context, claim *corev1.ConfigMap) (ctrl.Result, error) {
	addr := &network.Address{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(claim), addr); err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	if addr.Name != "" {
		before := addr.DeepCopy()
		if controllerutil.RemoveFinalizer(addr, addressFinalizer) {
			if err := r.Patch(ctx, addr, client.MergeFrom(before)); err != nil {
				return ctrl.Result{}, err
			}
		}
		if err := r.Delete(ctx, addr); err != nil && !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(claim, claimFinalizer)
	return ctrl.Result{}, r.Update(ctx, claim)
}

type KeepsAddressProtection struct {
	client.Client
}

func (r *KeepsAddressProtection) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if claim.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	addr := &network.Address{}
	addr.Namespace, addr.Name = claim.Namespace, claim.Name
	if err := r.Delete(ctx, addr); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/claim" after deleting the Address without observing that the Address is gone: a deletion blocked by the Address's own finalizers goes unnoticed`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(claim, claimFinalizer)
	return ctrl.Result{}, r.Update(ctx, claim)
}
