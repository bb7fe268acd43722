// Package waitmgr reproduces deletions that wait through a manager of // want package:`waits ConfigMap->Pod Namespace->Pod Node->Pod Service->Pod`
// another package, behind an interface: a ConfigMap requeues while the
// count the manager returns is not zero, and a Service while the
// manager's drain fails; a Secret returns only when the manager's relabel
// fails, which is no wait; a Node waits through a manager that also
// releases its finalizer; a Namespace through a manager whose count is
// promoted from a struct it embeds.
package waitmgr

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"waitmgr/mgr"
)

const finalizer = "example.com/wait"

type R struct {
	client.Client
}

func (r *R) ConfigMap(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) { // want ConfigMap:"^lists Pod waits Pod$"
	if cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	m := mgr.New(r.Client, cm.Namespace)
	left, err := m.CountPods(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	if left > 0 {
		return ctrl.Result{Requeue: true}, nil
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}

func (r *R) Secret(ctx context.Context, s *corev1.Secret) (ctrl.Result, error) { // want Secret:"^lists Pod$"
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := mgr.New(r.Client, s.Namespace).Relabel(ctx); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

func (r *R) Service(ctx context.Context, svc *corev1.Service) (ctrl.Result, error) { // want Service:"^lists Pod waits Pod$"
	if svc.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := mgr.New(r.Client, svc.Namespace).Drain(ctx); err != nil {
		return ctrl.Result{Requeue: true}, nil
	}
	controllerutil.RemoveFinalizer(svc, finalizer)
	return ctrl.Result{}, r.Update(ctx, svc)
}

// Node's deletion branch hands the Node's manager to a helper, which
// requeues while the manager counts Pods and then releases the Node's
// finalizer through the manager, naming no object: the Node waits for its
// Pods.
func (r *R) Node(ctx context.Context, n *corev1.Node) (ctrl.Result, error) { // want Node:"^lists Pod$"
	m := mgr.NewNodeManager(r.Client, n)
	if !n.DeletionTimestamp.IsZero() {
		return deleteNode(ctx, m)
	}
	return ctrl.Result{}, nil
}

func deleteNode(ctx context.Context, m mgr.NodeManager) (ctrl.Result, error) { // want deleteNode:"^lists Pod waits Pod$"
	left, err := m.CountPods(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	if left > 0 {
		return ctrl.Result{Requeue: true}, nil
	}
	m.UnsetFinalizer()
	return ctrl.Result{}, nil
}

// NamespaceReconciler holds its manager in a field set elsewhere: the
// calls reach the implementations in scope.
type NamespaceReconciler struct {
	client.Client
	Manager mgr.NamespaceManager
}

// Namespace requeues while its manager counts Pods: the count is the
// method of a struct the manager embeds, and a wait all the same.
func (r *NamespaceReconciler) Namespace(ctx context.Context, ns *corev1.Namespace) (ctrl.Result, error) { // want Namespace:"^lists Pod waits Pod$"
	if ns.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	left, err := r.Manager.CountPods(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	if left > 0 {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	r.Manager.ReleaseNamespace()
	return ctrl.Result{}, r.Update(ctx, ns)
}
