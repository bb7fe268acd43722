// Reproduces cloud providers whose reconcilers resolve their credentials // want package:`order\(Cluster needs Identity, Cluster needs Placement, Cluster needs Secret, Cluster needs Zone; releases Cluster\)`
// through a helper that reads more than one kind (an identity object, then
// the Secret it names) before the deletion branch: the finding names the
// kinds, and since one of them is a Secret, whose credentials the cleanup
// may need, it gives the Secret's two-sided fix in the secret category. A
// helper that reads two kinds that hold no data gets the plain fix, and
// the deletion needs each kind it reads.
package mixedreads

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/mixedreads/identity"
)

const finalizer = "cloud.example.com/cluster"

// Cluster is the reconciled kind.
type Cluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ IdentityName, ZoneName, PlacementName string }
}

func (c *Cluster) DeepCopyObject() runtime.Object { return c }

// Zone and Placement are referenced objects that hold no data a cleanup
// needs.
type Zone struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (z *Zone) DeepCopyObject() runtime.Object { return z }

type Placement struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (p *Placement) DeepCopyObject() runtime.Object { return p }

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cl := &Cluster{}
	if err := r.Get(ctx, req.NamespacedName, cl); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	key, err := identity.Clients(ctx, r.Client, cl.Namespace, cl.Spec.IdentityName)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Identity or Secret that identity.Clients reads is already deleted, this return keeps Cluster from ever reaching the removal of finalizer "cloud.example.com/cluster" while it is being deleted: if the deletion needs what the Secret holds \(credentials to clean up outside the cluster\), keep the Secret until then with a finalizer that this deletion removes last`
	}
	if err := r.place(ctx, cl); err != nil {
		return ctrl.Result{}, err // want `when a referenced Placement or Zone that r.place reads is already deleted, this return keeps Cluster from ever reaching the removal of finalizer "cloud.example.com/cluster" while it is being deleted: treat not-found as gone while deleting`
	}
	if !cl.DeletionTimestamp.IsZero() {
		if err := deleteCloudCluster(ctx, key, cl.Name); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(cl, finalizer)
		return ctrl.Result{}, r.Update(ctx, cl)
	}
	controllerutil.AddFinalizer(cl, finalizer)
	return ctrl.Result{}, r.Update(ctx, cl)
}

// place reads the cluster's Zone and Placement, handing back either's
// not-found.
func (r *Reconciler) place(ctx context.Context, cl *Cluster) error {
	if err := r.Get(ctx, client.ObjectKey{Namespace: cl.Namespace, Name: cl.Spec.ZoneName}, &Zone{}); err != nil {
		return fmt.Errorf("zone: %w", err)
	}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cl.Namespace, Name: cl.Spec.PlacementName}, &Placement{}); err != nil {
		return fmt.Errorf("placement: %w", err)
	}
	return nil
}

func deleteCloudCluster(ctx context.Context, key []byte, name string) error { return nil }
