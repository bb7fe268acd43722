// Reproduces a Cluster API provider's deletion that releases its credentials Secret through a scope of another package before its own finalizer: the scope's release tolerates a Secret already gone (client.IgnoreNotFound above a helper that wraps the lookup's error), so neither return after it strands the object; the scope's credentials lookup, which hands the not-found back, does, and so does a Reconcile whose own lookup of its Project returns client.IgnoreNotFound(err) before the deletion branch. // want package:`order\(Network needs Secret, Subnet needs Project; releases Network, Subnet\)`
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
		return ctrl.Result{}, err // want `when a referenced Secret that s.Credentials reads is already deleted`
	}
	controllerutil.RemoveFinalizer(n, finalizer)
	return ctrl.Result{}, r.Update(ctx, n)
}

// OwnerFirst returns when its Project is gone, before its deletion
// branch, with client.IgnoreNotFound: the finalizer of a Subnet whose
// Project was deleted first is never removed. Reported, directly and
// through a helper that returns no Project and IgnoreNotFound's nil.
type OwnerFirst struct {
	client.Client
}

type Project struct {
	scope.Network
}

type Subnet struct {
	scope.Network
	Spec struct{ ProjectName string }
}

func (r *OwnerFirst) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sn := &Subnet{}
	if err := r.Get(ctx, req.NamespacedName, sn); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	p := &Project{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sn.Namespace, Name: sn.Spec.ProjectName}, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err) // want `when the Project named by sn.Spec.ProjectName is already deleted`
	}
	owner, err := r.project(ctx, sn)
	if err != nil || owner == nil {
		return ctrl.Result{}, err // want `Project`
	}
	if !sn.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(sn, finalizer)
		return ctrl.Result{}, r.Update(ctx, sn)
	}
	return ctrl.Result{}, nil
}

func (r *OwnerFirst) project(ctx context.Context, sn *Subnet) (*Project, error) {
	p := &Project{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sn.Namespace, Name: sn.Spec.ProjectName}, p); err != nil {
		return nil, client.IgnoreNotFound(err)
	}
	return p, nil
}
