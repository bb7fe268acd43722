// Package manager is a stub of sigs.k8s.io/controller-runtime/pkg/manager.
package manager

import (
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Manager interface {
	GetClient() client.Client
	GetAPIReader() client.Reader
	GetScheme() *runtime.Scheme
	GetRESTMapper() meta.RESTMapper
	GetCache() cache.Cache
	// Add has the manager start a runnable, such as an unmanaged controller.
	Add(Runnable) error
}

// Runnable is something the manager starts.
type Runnable interface{}
