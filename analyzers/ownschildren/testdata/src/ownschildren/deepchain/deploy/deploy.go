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
func Alerting(ctx context.Context, c client.Client, o *api.Alerter) error { // want Alerting:`children\(owns k8s.io/api/core/v1.ServiceAccount creates k8s.io/api/core/v1.ServiceAccount\)`
	return identity.EnsureAccount(ctx, c, o)
}

// Paging creates what a pager runs with.
func Paging(ctx context.Context, c client.Client, p *api.Pager) error { // want Paging:`children\(refs k8s.io/api/core/v1.ServiceAccount creates k8s.io/api/core/v1.ServiceAccount\)`
	return identity.EnsureAccount(ctx, c, p)
}
