// Package index reproduces an API package's indexing function that takes a
// controller's builder and hands it to the watch helper, which stores it.
package index

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"

	"ownschildren/storedbuilder/watch"
)

// IndexMemcached stores the builder in an Indexer and adds its watches.
func IndexMemcached(b *builder.Builder) {
	i := &watch.Indexer{Builder: b}
	i.Watch()
	i.WatchObject(&corev1.ServiceAccount{})
}
