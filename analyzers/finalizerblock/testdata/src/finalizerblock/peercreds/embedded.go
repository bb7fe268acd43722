package peercreds // want package:`order\(Server needs Secret; releases Dashboard, Server\)`

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/peercreds/instance"
)

// Panel is withdrawn from every server a List finds, each reached with the
// Secret that the server's own Workload names: the listed server's, not
// the Panel's dependency.
type PanelReconciler struct {
	client.Client
}

func (r *PanelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &Dashboard{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if d.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	servers := &instance.ServerList{}
	if err := r.List(ctx, servers, client.InNamespace(d.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range servers.Items {
		sess, err := instance.ConnectEmbedded(ctx, r.Client, &servers.Items[i])
		if err != nil {
			return ctrl.Result{}, err
		}
		if err := sess.Forget(d.Name); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(d, finalizer)
	return ctrl.Result{}, r.Update(ctx, d)
}

// EmbeddedServerReconciler cleans up its own server through the Secret its
// Workload names: once that Secret is gone, the cleanup fails for good.
type EmbeddedServerReconciler struct {
	client.Client
}

func (r *EmbeddedServerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	srv := &instance.Server{}
	if err := r.Get(ctx, req.NamespacedName, srv); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if srv.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	sess, err := instance.ConnectEmbedded(ctx, r.Client, srv)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that instance.ConnectEmbedded reads is already deleted`
	}
	if err := sess.Forget(srv.Name); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(srv, finalizer)
	return ctrl.Result{}, r.Update(ctx, srv)
}
