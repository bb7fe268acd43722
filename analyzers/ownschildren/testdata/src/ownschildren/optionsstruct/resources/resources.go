// Package resources reconciles objects described by an options struct: the
// owner and the expected object are fields of Params, and the controller
// reference is set from them.
package resources

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

var scheme = runtime.NewScheme()

// Params describe an object to reconcile.
type Params struct {
	Client   client.Client
	Owner    client.Object
	Expected client.Object
	Mutate   func()
}

// ReconcileResource creates the expected object, controlled by the owner.
func ReconcileResource(ctx context.Context, params Params) error {
	if params.Owner != nil {
		if err := controllerutil.SetControllerReference(params.Owner, params.Expected, scheme); err != nil {
			return err
		}
	}
	return params.Client.Create(ctx, params.Expected)
}

// Reconcile is ReconcileResource for a pointer to its options.
func Reconcile(ctx context.Context, p *Params) error {
	return ReconcileResource(ctx, *p)
}

// ReconcileSecret reconciles a Secret owned by owner.
func ReconcileSecret(ctx context.Context, c client.Client, expected corev1.Secret, owner client.Object) error {
	return ReconcileResource(ctx, Params{Client: c, Owner: owner, Expected: &expected})
}

// Annotate records what a Params would create, without an owner.
func Annotate(ctx context.Context, c client.Client, obj client.Object) error {
	return ReconcileResource(ctx, Params{Client: c, Expected: obj})
}
