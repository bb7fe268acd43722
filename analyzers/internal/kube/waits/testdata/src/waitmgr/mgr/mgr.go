// Package mgr reproduces an operator's managers in a package of their own,
// which its controllers reach only through the interface a factory
// returns.
package mgr

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Manager is what the controllers see of a manager.
type Manager interface {
	CountPods(ctx context.Context) (int, error)
	Relabel(ctx context.Context) error
	Drain(ctx context.Context) error
}

// New returns the manager of the namespace ns.
func New(c client.Client, ns string) Manager {
	return &podManager{c: c, ns: ns}
}

type podManager struct {
	c  client.Client
	ns string
}

// CountPods returns how many Pods are left.
func (m *podManager) CountPods(ctx context.Context) (int, error) { // want CountPods:"^lists Pod$"
	pods := &corev1.PodList{}
	if err := m.c.List(ctx, pods, client.InNamespace(m.ns)); err != nil {
		return 0, err
	}
	return len(pods.Items), nil
}

// Relabel drops a label from every Pod: it fails only when a call does.
func (m *podManager) Relabel(ctx context.Context) error { // want Relabel:"^lists Pod$"
	pods := &corev1.PodList{}
	if err := m.c.List(ctx, pods, client.InNamespace(m.ns)); err != nil {
		return err
	}
	for i := range pods.Items {
		delete(pods.Items[i].Labels, "managed")
		if err := m.c.Update(ctx, &pods.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

// Drain deletes the Pods and fails while any is left.
func (m *podManager) Drain(ctx context.Context) error { // want Drain:"^lists Pod waits Pod$"
	pods := &corev1.PodList{}
	if err := m.c.List(ctx, pods, client.InNamespace(m.ns)); err != nil {
		return err
	}
	for i := range pods.Items {
		if err := m.c.Delete(ctx, &pods.Items[i]); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	if len(pods.Items) > 0 {
		return errors.New("pods left")
	}
	return nil
}

// NodeManager manages one Node and holds it: its caller releases the
// Node's finalizer through it, naming no object.
type NodeManager interface {
	CountPods(ctx context.Context) (int, error)
	UnsetFinalizer()
}

// NewNodeManager returns the manager of the Node n.
func NewNodeManager(c client.Client, n *corev1.Node) NodeManager {
	return &nodeManager{c: c, node: n}
}

type nodeManager struct {
	c    client.Client
	node *corev1.Node
}

// CountPods returns how many Pods run on the Node.
func (m *nodeManager) CountPods(ctx context.Context) (int, error) { // want CountPods:"^lists Pod$"
	pods := &corev1.PodList{}
	if err := m.c.List(ctx, pods, client.MatchingFields{"spec.nodeName": m.node.Name}); err != nil {
		return 0, err
	}
	return len(pods.Items), nil
}

// UnsetFinalizer removes the Node's finalizer.
func (m *nodeManager) UnsetFinalizer() {
	controllerutil.RemoveFinalizer(m.node, "example.com/wait")
}

// NamespaceManager manages one Namespace: it counts its Pods and releases
// its finalizer.
type NamespaceManager interface {
	CountPods(ctx context.Context) (int, error)
	ReleaseNamespace()
}

// NewNamespaceManager returns the manager of the Namespace ns.
func NewNamespaceManager(c client.Client, ns *corev1.Namespace) NamespaceManager {
	return &namespaceManager{podCounter: podCounter{c: c, ns: ns.Name}, namespace: ns}
}

// podCounter counts the Pods of a namespace; the namespace's manager
// embeds it, so its CountPods is the manager's.
type podCounter struct {
	c  client.Client
	ns string
}

// CountPods returns how many Pods the namespace holds.
func (p podCounter) CountPods(ctx context.Context) (int, error) { // want CountPods:"^lists Pod$"
	pods := &corev1.PodList{}
	if err := p.c.List(ctx, pods, client.InNamespace(p.ns)); err != nil {
		return 0, err
	}
	return len(pods.Items), nil
}

type namespaceManager struct {
	podCounter
	namespace *corev1.Namespace
}

// ReleaseNamespace removes the Namespace's finalizer.
func (m *namespaceManager) ReleaseNamespace() {
	controllerutil.RemoveFinalizer(m.namespace, "example.com/wait")
}
