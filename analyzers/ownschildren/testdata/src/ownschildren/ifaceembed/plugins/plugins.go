// Package plugins reproduces plugins that each add their watches to a
// controller through an interface, some through a method they embed.
package plugins

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
)

// Plugin adds its watches to a controller's builder.
type Plugin interface {
	Name() string
	Watch(b *builder.Builder) *builder.Builder
}

// SecretWatcher watches the Secrets a plugin creates. It is no Plugin
// itself (it has no Name): plugins embed it.
type SecretWatcher struct{}

// Watch adds the Secrets.
func (SecretWatcher) Watch(b *builder.Builder) *builder.Builder {
	return b.Owns(&corev1.Secret{})
}

// Vault is a Plugin whose Watch is SecretWatcher's.
type Vault struct {
	SecretWatcher
}

// Name names the plugin.
func (Vault) Name() string { return "vault" }

// Selected returns the configured plugin.
func Selected() Plugin { return Vault{} }
