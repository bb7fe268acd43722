// Package env reproduces a library that builds an operator's children from an environment struct holding several objects: the reconciled one and others it found. The owner of each child is the object whose UID its owner reference literal takes, which need not be the reconciled one.
package env

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

// Env is what the helpers work from.
type Env struct {
	Client    client.Client
	Memcached *cachev1.Memcached
	Cache     *cachev1.Cache // nil when none was found
}

// Apply creates the environment's children.
func Apply(ctx context.Context, e *Env) error {
	if err := e.Client.Create(ctx, cacheStatefulSet(e)); err != nil {
		return err
	}
	if err := e.Client.Create(ctx, cacheConfigMap(e)); err != nil {
		return err
	}
	if err := e.Client.Create(ctx, cacheService(e)); err != nil {
		return err
	}
	if err := e.Client.Create(ctx, memcachedServiceAccount(e)); err != nil {
		return err
	}
	return e.Client.Create(ctx, memcachedDeployment(e))
}

// cacheStatefulSet is controlled by the Cache, when there is one: a
// reference declared empty and filled in a branch.
func cacheStatefulSet(e *Env) *appsv1.StatefulSet {
	var refs []metav1.OwnerReference
	if e.Cache != nil {
		controller := true
		refs = []metav1.OwnerReference{{
			APIVersion: e.Cache.APIVersion,
			Kind:       e.Cache.Kind,
			Name:       e.Cache.Name,
			UID:        e.Cache.UID,
			Controller: &controller,
		}}
	}
	return &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: "cache", OwnerReferences: refs}}
}

// cacheConfigMap is controlled by the Cache too: a reference appended to
// an empty list.
func cacheConfigMap(e *Env) *corev1.ConfigMap {
	refs := []metav1.OwnerReference{}
	controller := true
	refs = append(refs, metav1.OwnerReference{Kind: e.Cache.Kind, Name: e.Cache.Name, UID: e.Cache.UID, Controller: &controller})
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "cache", OwnerReferences: refs}}
}

// cacheService is controlled by the Cache too: a reference kept in a
// variable of its own, then appended.
func cacheService(e *Env) *corev1.Service {
	controller := true
	ref := metav1.OwnerReference{Kind: e.Cache.Kind, Name: e.Cache.Name, UID: e.Cache.UID, Controller: &controller}
	var refs []metav1.OwnerReference
	refs = append(refs, ref)
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "cache", OwnerReferences: refs}}
}

// memcachedServiceAccount is controlled by the Memcached: a reference
// made by NewControllerRef, kept in a variable, then appended.
func memcachedServiceAccount(e *Env) *corev1.ServiceAccount {
	ref := *metav1.NewControllerRef(e.Memcached, cachev1.GroupVersion.WithKind("Memcached"))
	refs := []metav1.OwnerReference{}
	refs = append(refs, ref)
	return &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: "memcached", OwnerReferences: refs}}
}

// memcachedDeployment is controlled by the Memcached.
func memcachedDeployment(e *Env) *appsv1.Deployment {
	var refs []metav1.OwnerReference
	if e.Memcached != nil {
		controller := true
		refs = []metav1.OwnerReference{{
			APIVersion: e.Memcached.APIVersion,
			Kind:       e.Memcached.Kind,
			Name:       e.Memcached.Name,
			UID:        e.Memcached.UID,
			Controller: &controller,
		}}
	}
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "memcached", OwnerReferences: refs}}
}

// Rotate moves the first reference of an object to the end: a variable
// whose value leads back to the one being followed names no owner (and
// is followed without end by nothing).
func Rotate(ctx context.Context, c client.Client, s *corev1.Secret) error {
	refs := s.OwnerReferences
	first := refs[0]
	refs = append(refs[1:], first)
	s.OwnerReferences = refs
	return c.Update(ctx, s)
}
