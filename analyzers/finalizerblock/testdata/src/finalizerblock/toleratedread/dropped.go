package toleratedread // want package:`order\(Fish needs Secret, Reef needs Current; releases Fish, Pond, Reef, School\)`

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A Reef finds its Current by the name its spec holds, through a helper given
// that name, and drops any error of it: the finding says the error is
// dropped without a requeue, not only that the return keeps the Reef.
// KelpReconciler returns the error instead: a retry that fails for good
// once the Current is gone, in the plain words.
type Reef struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Current string }
}

func (r *Reef) DeepCopyObject() runtime.Object { return r }

const reefFinalizer = "water.example.com/reef"

type ReefReconciler struct {
	client.Client
}

func (r *ReefReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	reef := &Reef{}
	if err := r.Get(ctx, req.NamespacedName, reef); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	p, err := currentByName(ctx, r.Client, reef.Namespace, reef.Spec.Current)
	if err != nil {
		return ctrl.Result{}, nil // want `when a referenced Current that currentByName reads is already deleted, its lookup fails with not-found and this return drops the error without requeueing: Reef is reconciled again only when another event comes`
	}
	_ = p
	if !reef.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(reef, reefFinalizer)
		return ctrl.Result{}, r.Update(ctx, reef)
	}
	controllerutil.AddFinalizer(reef, reefFinalizer)
	return ctrl.Result{}, r.Update(ctx, reef)
}

type KelpReconciler struct {
	client.Client
}

func (r *KelpReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	reef := &Reef{}
	if err := r.Get(ctx, req.NamespacedName, reef); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := currentByName(ctx, r.Client, reef.Namespace, reef.Spec.Current); err != nil {
		return ctrl.Result{}, err // want `when a referenced Current that currentByName reads is already deleted, this return keeps Reef from ever reaching the removal`
	}
	if !reef.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(reef, reefFinalizer)
		return ctrl.Result{}, r.Update(ctx, reef)
	}
	controllerutil.AddFinalizer(reef, reefFinalizer)
	return ctrl.Result{}, r.Update(ctx, reef)
}

// A Current is read by Reefs; nothing here finalizes it.
type Current struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (c *Current) DeepCopyObject() runtime.Object { return c }

// currentByName reads the Current of that name.
func currentByName(ctx context.Context, c client.Client, namespace, name string) (*Current, error) {
	p := &Current{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, p); err != nil {
		return nil, err
	}
	return p, nil
}
