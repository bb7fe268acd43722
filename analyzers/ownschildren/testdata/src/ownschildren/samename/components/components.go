// Package components reproduces the component reconcilers of a resource,
// each a Reconcile that hands parts to sub-reconcilers of other packages.
package components

import (
	"context"

	cachev1 "ownschildren/api/v1"
	"ownschildren/samename/configs"
)

type Server struct{ Configs *configs.ConfigReconciler }

func (s *Server) Reconcile(ctx context.Context, m *cachev1.Memcached) error {
	return s.Configs.Reconcile(ctx, m)
}
