// Reproduces an operator whose finalizer deletes objects of another // want package:`module\(finalizes Volume\)`
// project's API (a network plugin's) and of its own, returns a failed
// Delete for retry, and then releases its finalizer without seeing them
// gone. For another project's kind that nothing here gives a finalizer,
// the deletion can only wait if that project's controller gives it one:
// the finding says so, in a category of its own.
package foreign

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	meshv1 "example.com/meshnet/api/v1"
	"foregrounddeletion/storage"
)

const finalizer = "net.example.com/cleanup"

type NetworkReconciler struct {
	client.Client
}

func (r *NetworkReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	net := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, net); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if net.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	switch net.Labels["mode"] {
	case "tunnel":
		// Another project's kind, error returned: conditional.
		t := &meshv1.Tunnel{}
		t.Namespace, t.Name = net.Namespace, net.Name
		if err := r.Delete(ctx, t); client.IgnoreNotFound(err) != nil { // want `after deleting the Tunnel without observing that the Tunnel is gone: the Tunnel is a kind of example.com/meshnet, which nothing here gives a finalizer; if its own controller does, a deletion they block goes unnoticed`
			return ctrl.Result{}, err
		}
	case "peering":
		// Another project's kind that this package gives a finalizer
		// (the PeeringReconciler below): it can wait for good.
		p := &meshv1.Peering{}
		p.Namespace, p.Name = net.Namespace, net.Name
		if err := r.Delete(ctx, p); client.IgnoreNotFound(err) != nil { // want `after deleting the Peering without observing that the Peering is gone: a deletion blocked by the Peering's own finalizers goes unnoticed`
			return ctrl.Result{}, err
		}
	case "volume":
		// This project's own kind: its controller is here to read.
		v := &storage.Volume{}
		v.Namespace, v.Name = net.Namespace, net.Name
		if err := r.Delete(ctx, v); client.IgnoreNotFound(err) != nil { // want `after deleting the Volume without observing that the Volume is gone: a deletion blocked by the Volume's own finalizers goes unnoticed`
			return ctrl.Result{}, err
		}
	case "dropped":
		// Another project's kind whose failed Delete is dropped: that
		// failure is certain to go unnoticed, whatever its finalizers.
		t := &meshv1.Tunnel{}
		t.Namespace, t.Name = net.Namespace, "dropped-"+net.Name
		_ = r.Delete(ctx, t) // want `after deleting the Tunnel without observing that the Tunnel is gone: a deletion that fails or is blocked by the Tunnel's own finalizers goes unnoticed and leaks`
	case "pod":
		// Kubernetes' own kind, which may carry finalizers of anyone's.
		p := &corev1.Pod{}
		p.Namespace, p.Name = net.Namespace, net.Name
		if err := r.Delete(ctx, p); client.IgnoreNotFound(err) != nil { // want `after deleting the Pod without observing that the Pod is gone: a deletion blocked by the Pod's own finalizers goes unnoticed`
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(net, finalizer)
	return ctrl.Result{}, r.Update(ctx, net)
}

// PeeringReconciler gives each Peering a finalizer of this operator's.
type PeeringReconciler struct {
	client.Client
}

func (r *PeeringReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	p := &meshv1.Peering{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(p, finalizer) {
		return ctrl.Result{}, r.Update(ctx, p)
	}
	return ctrl.Result{}, nil
}
