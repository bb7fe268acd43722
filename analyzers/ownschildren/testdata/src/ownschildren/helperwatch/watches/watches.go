// Reproduces a package of watch helpers that a controller's builder is handed to: some watches under conditions, one helper that passes the builder on to a callback.
package watches

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
)

// Options say which optional children the controller manages.
type Options struct {
	Config bool
}

func Add(b *builder.Builder, opts Options) {
	b.Owns(&corev1.Service{})
	if opts.Config {
		b.Owns(&corev1.ConfigMap{})
	}
	addMore(b)
}

func addMore(b *builder.Builder) {
	b.Owns(&corev1.ServiceAccount{})
}

// Hooks receive the builder: what they watch is not known.
var Hooks []func(*builder.Builder)

func AddHooks(b *builder.Builder) {
	for _, h := range Hooks {
		h(b)
	}
}
