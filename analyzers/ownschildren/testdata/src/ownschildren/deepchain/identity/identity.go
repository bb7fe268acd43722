// Reproduces a package that keeps a workload's identity: an exported
// function creates the ServiceAccount that an unexported builder makes
// with the custom resource's own controller reference.
package identity

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"ownschildren/deepchain/api"
)

// EnsureAccount creates the owner's ServiceAccount.
func EnsureAccount(ctx context.Context, c client.Client, o *api.Alerter) error {
	return client.IgnoreAlreadyExists(c.Create(ctx, account(o)))
}

func account(o *api.Alerter) *corev1.ServiceAccount {
	return &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{
		Name:            o.GetName() + "-sa",
		Namespace:       o.GetNamespace(),
		OwnerReferences: o.AsOwner(),
	}}
}
