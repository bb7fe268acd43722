// Reproduces a Cluster API provider's deletion that releases its credentials Secret through a scope of another package before its own finalizer: the scope's release tolerates a Secret already gone (client.IgnoreNotFound above a helper that wraps the lookup's error), so neither return after it strands the object; the scope's credentials lookup, which hands the not-found back, does.
package credscope

import (
	"context"
	"time"

	"finalizerblock/credscope/scope"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/network"

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	n := &scope.Network{}
	if err := r.Get(ctx, req.NamespacedName, n); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &scope.NetworkScope{Client: r.Client, Network: n}
	if n.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(n, finalizer)
		return ctrl.Result{}, r.Update(ctx, n)
	}
	return r.reconcileDelete(ctx, s)
}

func (r *Reconciler) reconcileDelete(ctx context.Context, s *scope.NetworkScope) (ctrl.Result, error) {
	if err := s.RemoveCredentialsFinalizer(ctx); err != nil {
		if s.Network.DeletionTimestamp.Add(time.Minute).After(time.Now()) {
			return ctrl.Result{RequeueAfter: time.Second}, nil
		}
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(s.Network, finalizer)
	return ctrl.Result{}, r.Update(ctx, s.Network)
}

// LeakyReconciler needs the credentials to delete, and hands their
// lookup's not-found back: reported.
type LeakyReconciler struct {
	client.Client
}

func (r *LeakyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	n := &scope.Network{}
	if err := r.Get(ctx, req.NamespacedName, n); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if n.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	s := &scope.NetworkScope{Client: r.Client, Network: n}
	if _, err := s.Credentials(ctx); err != nil {
		return ctrl.Result{}, err // want `when a referenced object that s.Credentials reads is already deleted`
	}
	controllerutil.RemoveFinalizer(n, finalizer)
	return ctrl.Result{}, r.Update(ctx, n)
}
