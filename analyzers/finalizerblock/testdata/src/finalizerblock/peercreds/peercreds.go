// Reproduces a finalizer that withdraws its object from every server a
// List finds, connecting to each with the admin Secret that server's spec
// names, through a helper of another package. The Secret is the listed
// server's dependency, not the deleted object's: a server that is deleted
// leaves the list, and its Secret with it. A reconciler of the servers
// themselves, whose finalizer connects to its own server, depends on that
// Secret: reported. The same holds for the Secret that the Workload made
// for a server names (embedded.go): what an object made for the server
// refers to is the server's.
package peercreds

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/peercreds/instance"
)

const finalizer = "example.com/withdraw"

// Dashboard is pushed to every server its selector matches.
type Dashboard struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Servers map[string]string }
}

func (in *Dashboard) DeepCopyObject() runtime.Object   { return in }
func (in *Dashboard) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type DashboardReconciler struct {
	client.Client
}

func (r *DashboardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &Dashboard{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if d.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.withdraw(ctx, d); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(d, finalizer)
	return ctrl.Result{}, r.Update(ctx, d)
}

// withdraw forgets d on every server that matches it.
func (r *DashboardReconciler) withdraw(ctx context.Context, d *Dashboard) error {
	servers := &instance.ServerList{}
	if err := r.List(ctx, servers, client.InNamespace(d.Namespace), client.MatchingLabels(d.Spec.Servers)); err != nil {
		return err
	}
	for _, s := range servers.Items {
		srv := s
		if err := r.forget(ctx, &srv, d); err != nil {
			return err
		}
	}
	return nil
}

func (r *DashboardReconciler) forget(ctx context.Context, srv *instance.Server, d *Dashboard) error {
	sess, err := instance.Connect(ctx, r.Client, srv)
	if err != nil {
		return err
	}
	return sess.Forget(d.Name)
}

// ServerReconciler cleans up its own server, with the admin Secret the
// server names: once that Secret is gone, the cleanup fails for good.
type ServerReconciler struct {
	client.Client
}

func (r *ServerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	srv := &instance.Server{}
	if err := r.Get(ctx, req.NamespacedName, srv); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if srv.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	sess, err := instance.Connect(ctx, r.Client, srv)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that instance.Connect reads is already deleted`
	}
	if err := sess.Forget(srv.Name); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(srv, finalizer)
	return ctrl.Result{}, r.Update(ctx, srv)
}
