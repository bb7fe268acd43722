// Package cache is a stub of sigs.k8s.io/controller-runtime/pkg/cache.
package cache

// Cache reads objects from informers.
type Cache interface {
	WaitForCacheSync() bool
}
