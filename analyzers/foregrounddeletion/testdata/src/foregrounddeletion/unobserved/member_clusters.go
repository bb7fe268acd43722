// Reproduces a multi-cluster operator: a Fleet makes a Replica in each of
// its member clusters through that cluster's client, and its deletion
// deletes them there and removes its finalizer at once. A Replica carries
// finalizers of its own, and no garbage collector reaches it from the
// Fleet's cluster: only the Fleet's finalizer can wait for it.
package unobserved

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const fleetFinalizer = "example.com/fleet"

type Fleet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Members []string }
}

func (in *Fleet) DeepCopyObject() runtime.Object { return in }

type Replica struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Replica) DeepCopyObject() runtime.Object { return in }

// protectReplica is what the Replica's controller, run in each member
// cluster, does first.
func protectReplica(r *Replica) { controllerutil.AddFinalizer(r, "example.com/replica") }

// memberClients hands out the clients of member clusters.
type memberClients interface {
	ClientFor(ctx context.Context, member string) (client.Client, error)
}

type FleetReconciler struct {
	client.Client
	Members memberClients
}

func (r *FleetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	f := &Fleet{}
	if err := r.Get(ctx, req.NamespacedName, f); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, member := range f.Spec.Members {
		mc, err := r.Members.ClientFor(ctx, member)
		if err != nil {
			return ctrl.Result{}, err
		}
		replica := &Replica{ObjectMeta: metav1.ObjectMeta{Namespace: f.Namespace, Name: f.Name}}
		if !f.DeletionTimestamp.IsZero() {
			if err := mc.Delete(ctx, replica); client.IgnoreNotFound(err) != nil { // want `Fleet removes its finalizer "example.com/fleet" after deleting the Replica without observing that the Replica is gone`
				return ctrl.Result{}, err
			}
			continue
		}
		if err := mc.Create(ctx, replica); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	if !f.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(f, fleetFinalizer)
		return ctrl.Result{}, r.Update(ctx, f)
	}
	return ctrl.Result{}, nil
}
