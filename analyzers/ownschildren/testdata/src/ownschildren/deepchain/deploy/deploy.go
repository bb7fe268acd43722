// Reproduces the factory package of an operator: one function per custom
// resource that creates everything it runs with, through the packages of
// each part.
package deploy

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"ownschildren/deepchain/api"
	"ownschildren/deepchain/identity"
)

// Alerting creates what an alerting instance runs with.
func Alerting(ctx context.Context, c client.Client, o *api.Alerter) error {
	return identity.EnsureAccount(ctx, c, o)
}
