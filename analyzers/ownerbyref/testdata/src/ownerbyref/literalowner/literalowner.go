// The Kennel's Dogs get their owner reference from a literal in a helper of
// another package (pods.DogFor); the Dog controller that finds its Kennel by
// its own name less the suffix looks for the wrong object once the names
// disagree, and never sees the Kennel's deletion. The one that follows its
// controller reference is right.
package literalowner

import (
	"context"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"ownerbyref/literalowner/api"
	"ownerbyref/literalowner/pods"
)

type KennelReconciler struct{ client.Client }

func (r *KennelReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	k := &api.Kennel{}
	if err := r.Get(ctx, req.NamespacedName, k); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	return reconcile.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, pods.DogFor(k)))
}

type DogReconciler struct{ client.Client }

func (r *DogReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	d := &api.Dog{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	k := &api.Kennel{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: d.Namespace, Name: strings.TrimSuffix(d.Name, "-dog")}, k); err != nil { // want `Get of the owning api.Kennel by a name taken from the object's own name`
		return reconcile.Result{}, err
	}
	d.Status.Kennel = k.Name
	return reconcile.Result{}, r.Status().Update(ctx, d)
}

type OwnerDogReconciler struct{ client.Client }

func (r *OwnerDogReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	d := &api.Dog{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	ref := metav1.GetControllerOf(d)
	if ref == nil {
		return reconcile.Result{}, nil
	}
	k := &api.Kennel{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: d.Namespace, Name: ref.Name}, k); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	d.Status.Kennel = k.Name
	return reconcile.Result{}, r.Status().Update(ctx, d)
}
