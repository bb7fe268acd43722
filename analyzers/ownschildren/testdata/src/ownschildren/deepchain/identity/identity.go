// Reproduces a package that keeps a workload's identity: an exported
// function creates the ServiceAccount that an unexported builder makes
// with the owner reference that the custom resource gives of itself,
// through an interface the package declares and the kinds of a package it
// does not import implement: each caller's argument says whose reference,
// and whether a controller's.
package identity

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Owner is what the builders need of a custom resource.
type Owner interface {
	client.Object
	AsOwner() []metav1.OwnerReference
}

// EnsureAccount creates the owner's ServiceAccount.
func EnsureAccount(ctx context.Context, c client.Client, o Owner) error { // want EnsureAccount:`children\(creates k8s.io/api/core/v1.ServiceAccount puts param 2.AsOwner\(\) in k8s.io/api/core/v1.ServiceAccount\)`
	return client.IgnoreAlreadyExists(c.Create(ctx, account(o)))
}

func account(o Owner) *corev1.ServiceAccount { // want account:`children\(puts param 0.AsOwner\(\) in k8s.io/api/core/v1.ServiceAccount\)`
	return &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{
		Name:            o.GetName() + "-sa",
		Namespace:       o.GetNamespace(),
		OwnerReferences: o.AsOwner(),
	}}
}
