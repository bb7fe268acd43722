// Package scope reproduces an operator's scope package: a struct that
// keeps the client, whose method lists the objects of a namespace without
// taking a client or returning a list type.
package scope

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Scope is what a reconciler works on.
type Scope struct {
	c         client.Client
	Namespace string
}

// New returns the scope of the namespace ns.
func New(c client.Client, ns string) *Scope {
	return &Scope{c: c, Namespace: ns}
}

// Members returns the Pods and PersistentVolumeClaims of the scope's namespace.
func (s *Scope) Members(ctx context.Context) ([]*corev1.Pod, []*corev1.PersistentVolumeClaim, error) { // want Members:"lists PersistentVolumeClaim Pod"
	pods := &corev1.PodList{}
	if err := s.c.List(ctx, pods, client.InNamespace(s.Namespace)); err != nil {
		return nil, nil, err
	}
	claims, err := s.claims(ctx)
	if err != nil {
		return nil, nil, err
	}
	out := make([]*corev1.Pod, 0, len(pods.Items))
	for i := range pods.Items {
		out = append(out, &pods.Items[i])
	}
	return out, claims, nil
}

func (s *Scope) claims(ctx context.Context) ([]*corev1.PersistentVolumeClaim, error) { // want claims:"lists PersistentVolumeClaim"
	list := &corev1.PersistentVolumeClaimList{}
	if err := s.c.List(ctx, list, client.InNamespace(s.Namespace)); err != nil {
		return nil, err
	}
	var out []*corev1.PersistentVolumeClaim
	for i := range list.Items {
		out = append(out, &list.Items[i])
	}
	return out, nil
}

// Name returns the scope's name; it lists nothing.
func (s *Scope) Name() string {
	return s.Namespace
}

// Labelled returns the Pods of the scope's namespace that carry its
// label: it lists them all and keeps some.
func (s *Scope) Labelled(ctx context.Context) ([]*corev1.Pod, error) { // want Labelled:"lists partly Pod"
	pods := &corev1.PodList{}
	if err := s.c.List(ctx, pods, client.InNamespace(s.Namespace)); err != nil {
		return nil, err
	}
	var out []*corev1.Pod
	for i := range pods.Items {
		if pods.Items[i].Labels["scope"] != s.Namespace {
			continue
		}
		out = append(out, &pods.Items[i])
	}
	return out, nil
}
