// Reproduces deletion code that reads a dependency only after another // want package:`waits\(finalizerblock/whilefound/site.Site waits for finalizerblock/whilefound/site.Replica\)` package:`order\(Replica needs Secret; releases Mirror, Replica, Site\)`
// object was found, and releases its finalizer when that object is
// missing. MirrorReconciler reads its Site's credentials Secret only while
// the Site exists, and nothing of the Site's waits for Mirrors: a missing
// Secret holds the Mirror back until the Site is gone, then the Site's
// not-found releases the finalizer, so there is nothing to report.
// ReplicaReconciler has the same shape, but the Site's own deletion waits
// for its Replicas: the Site cannot be gone first, so a missing Secret
// strands the Replica for good.
package whilefound

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/whilefound/site"
)

const (
	mirrorFinalizer  = "copy.example.com/mirror"
	replicaFinalizer = "copy.example.com/replica"
	siteFinalizer    = "copy.example.com/site"
)

type MirrorReconciler struct {
	client.Client
}

func (r *MirrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &site.Mirror{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(m, mirrorFinalizer) {
			return ctrl.Result{}, r.Update(ctx, m)
		}
		return ctrl.Result{}, nil
	}
	s := &site.Site{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.Site}, s); err == nil {
		if _, err := credentials(ctx, r.Client, s); err != nil {
			return ctrl.Result{}, err // waits for the Site to be gone at most
		}
	} else if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(m, mirrorFinalizer)
	return ctrl.Result{}, r.Update(ctx, m)
}

// credentials reads a Site's credentials Secret.
func credentials(ctx context.Context, c client.Client, s *site.Site) ([]byte, error) {
	secret := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: s.Namespace, Name: s.Spec.Credentials}, secret); err != nil {
		return nil, err
	}
	return secret.Data["token"], nil
}

type ReplicaReconciler struct {
	client.Client
}

func (r *ReplicaReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rep := &site.Replica{}
	if err := r.Get(ctx, req.NamespacedName, rep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if rep.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(rep, replicaFinalizer) {
			return ctrl.Result{}, r.Update(ctx, rep)
		}
		return ctrl.Result{}, nil
	}
	s := &site.Site{}
	err := r.Get(ctx, client.ObjectKey{Namespace: rep.Namespace, Name: rep.Spec.Site}, s)
	if apierrors.IsNotFound(err) {
		controllerutil.RemoveFinalizer(rep, replicaFinalizer)
		return ctrl.Result{}, r.Update(ctx, rep)
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	if _, err := credentials(ctx, r.Client, s); err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that credentials reads is already deleted, this return keeps Replica from ever reaching the removal of finalizer "copy.example.com/replica"`
	}
	controllerutil.RemoveFinalizer(rep, replicaFinalizer)
	return ctrl.Result{}, r.Update(ctx, rep)
}

type SiteReconciler struct {
	client.Client
}

func (r *SiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &site.Site{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(s, siteFinalizer) {
			return ctrl.Result{}, r.Update(ctx, s)
		}
		return ctrl.Result{}, nil
	}
	replicas := &site.ReplicaList{}
	if err := r.List(ctx, replicas, client.InNamespace(s.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	if len(replicas.Items) > 0 {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // its Replicas go first
	}
	controllerutil.RemoveFinalizer(s, siteFinalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}
