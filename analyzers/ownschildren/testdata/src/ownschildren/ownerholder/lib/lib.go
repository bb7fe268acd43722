// Package lib reproduces a reconciliation library an operator depends on: a constructor keeps the owner (a client.Object) in a struct field, and a later method sets the controller reference of the child it creates from that field.
package lib

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Reconciler reconciles the children of one owner.
type Reconciler struct {
	client client.Client
	owner  client.Object
	scheme *runtime.Scheme
}

// New returns a Reconciler for owner's children.
func New(c client.Client, owner client.Object, scheme *runtime.Scheme) *Reconciler {
	return &Reconciler{client: c, owner: owner, scheme: scheme}
}

// EnsureDeployment creates dep, controlled by the owner.
func (r *Reconciler) EnsureDeployment(ctx context.Context, dep *appsv1.Deployment) error {
	if err := controllerutil.SetControllerReference(r.owner, dep, r.scheme); err != nil {
		return err
	}
	return r.client.Create(ctx, dep)
}
