// Reproduces a cleanup that lists the object's peers, skips the deleted and the not ready ones, and reads each remaining peer's own credentials Secret to deregister the object: that Secret is the peer's, not a dependency of the object, and the wait ends once the peer is repaired or gone.
package precision

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type PeerReconciler struct {
	client.Client
}

func (r *PeerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	peers := &MemberList{}
	if err := r.List(ctx, peers, client.InNamespace(m.Namespace), client.MatchingLabels{"group": m.Spec.Group}); err != nil {
		return ctrl.Result{}, err
	}
	for i := range peers.Items {
		peer := &peers.Items[i]
		if peer.Name == m.Name || !peer.DeletionTimestamp.IsZero() || !peer.Status.Ready {
			continue
		}
		creds := &corev1.Secret{}
		err := r.Get(ctx, client.ObjectKey{Namespace: peer.Namespace, Name: peer.Spec.CredentialsName}, creds)
		if apierrors.IsNotFound(err) {
			// The peer is being repaired: wait for it.
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		if err != nil {
			return ctrl.Result{}, err
		}
		// ... deregister m from peer with creds ...
	}
	controllerutil.RemoveFinalizer(m, finalizerName)
	return ctrl.Result{}, r.Update(ctx, m)
}

// OwnCredentialsReconciler reads the member's own credentials Secret the
// same way: a dependency of the member, whose absence strands it.
type OwnCredentialsReconciler struct {
	client.Client
}

func (r *OwnCredentialsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	creds := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.CredentialsName}, creds)
	if apierrors.IsNotFound(err) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when the Secret named by m.Spec.CredentialsName is already deleted`
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(m, finalizerName)
	return ctrl.Result{}, r.Update(ctx, m)
}
