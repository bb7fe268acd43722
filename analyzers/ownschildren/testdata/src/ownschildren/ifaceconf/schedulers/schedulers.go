// Package schedulers reproduces pluggable batch schedulers that each get a
// say in a controller's watches through an interface.
package schedulers

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
)

// Scheduler configures a controller for a batch scheduler.
type Scheduler interface {
	Configure(b *builder.Builder) *builder.Builder
}

// Gang watches the ConfigMaps it creates.
type Gang struct{}

func (Gang) Configure(b *builder.Builder) *builder.Builder {
	return b.Owns(&corev1.ConfigMap{})
}

// Default changes nothing.
type Default struct{}

func (Default) Configure(b *builder.Builder) *builder.Builder { return b }

// Manager holds the configured scheduler.
type Manager struct {
	scheduler Scheduler
}

// NewManager returns a manager of the default scheduler.
func NewManager() *Manager { return &Manager{scheduler: Default{}} }

// Configure hands the builder to the scheduler.
func (m *Manager) Configure(b *builder.Builder) {
	m.scheduler.Configure(b)
}
