// Package resource reproduces an operator's list of resource builders: each builds one child of the owner as a client.Object and sets the owner's controller reference in its Update.
package resource

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

// ResourceBuilder builds one child.
type ResourceBuilder interface {
	Build() (client.Object, error)
	Update(client.Object) error
}

// MemcachedBuilder builds the Memcached's children.
type MemcachedBuilder struct {
	Instance *cachev1.Memcached
	Scheme   *runtime.Scheme
}

// Builders returns a builder for each child.
func (b *MemcachedBuilder) Builders() []ResourceBuilder {
	return []ResourceBuilder{&ServiceBuilder{b}, &StatefulSetBuilder{b}}
}

type ServiceBuilder struct{ *MemcachedBuilder }

func (b *ServiceBuilder) Build() (client.Object, error) {
	return &corev1.Service{}, nil
}

func (b *ServiceBuilder) Update(obj client.Object) error {
	return controllerutil.SetControllerReference(b.Instance, obj, b.Scheme)
}

type StatefulSetBuilder struct{ *MemcachedBuilder }

func (b *StatefulSetBuilder) Build() (client.Object, error) {
	return &appsv1.StatefulSet{}, nil
}

func (b *StatefulSetBuilder) Update(obj client.Object) error {
	return controllerutil.SetControllerReference(b.Instance, obj, b.Scheme)
}
