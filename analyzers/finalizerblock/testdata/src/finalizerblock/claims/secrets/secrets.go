// Package secrets hands out Secrets to the objects that use them: Acquire
// finds the Secret itself, claims it for its user, and on the way drops a
// finalizer an older version of the operator put on Secrets.
package secrets

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const legacyFinalizer = "example.com/legacy-secret"

type Manager struct {
	C client.Client
}

// Acquire returns the Secret named by key, claimed for user.
func (m *Manager) Acquire(ctx context.Context, key client.ObjectKey, user client.Object) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := m.C.Get(ctx, key, s); err != nil {
		return nil, err
	}
	return s, m.claim(ctx, s, user)
}

// claim labels s for user and drops the legacy finalizer from it.
func (m *Manager) claim(ctx context.Context, s *corev1.Secret, user client.Object) error {
	if s.Labels == nil {
		s.Labels = map[string]string{}
	}
	s.Labels["example.com/user"] = user.GetName()
	controllerutil.RemoveFinalizer(s, legacyFinalizer)
	return m.C.Update(ctx, s)
}
