// Package connect opens connections to a Store with the credentials its
// Secret holds.
package connect

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/nilguard/store"
)

// Conn is a connection to a Store; the zero Conn is connected to nothing.
type Conn struct{ token []byte }

// Close closes the connection.
func (c *Conn) Close() {}

// Open reads the Store's credentials Secret.
func Open(ctx context.Context, c client.Reader, s *store.Store) (*Conn, error) {
	sec := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: s.Namespace, Name: s.Spec.Credentials}, sec); err != nil {
		return nil, err
	}
	return &Conn{token: sec.Data["token"]}, nil
}

// OpenIfAny is Open for a Store, and the zero Conn for none.
func OpenIfAny(ctx context.Context, c client.Reader, s *store.Store) (*Conn, error) {
	if s == nil {
		return &Conn{}, nil
	}
	return Open(ctx, c, s)
}
