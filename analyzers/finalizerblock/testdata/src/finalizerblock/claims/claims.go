// Package claims reproduces a controller of a kind that never has a
// finalizer, which acquires a Secret through a helper of another package
// that drops another finalizer from that Secret: the Secret's finalizer is
// not the reconciled object's, so nothing this controller returns early
// keeps a finalizer of its own.
package claims

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/claims/secrets"
)

type Probe struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ProbeSpec
}

type ProbeSpec struct {
	TargetName string
	TokenName  string
}

func (in *Probe) DeepCopyObject() runtime.Object { return in }

type ProbeReconciler struct {
	client.Client
	Secrets *secrets.Manager
}

func (r *ProbeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	p := &Probe{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	target := &Probe{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: p.Namespace, Name: p.Spec.TargetName}, target); apierrors.IsNotFound(err) {
		return ctrl.Result{}, nil
	} else if err != nil {
		return ctrl.Result{}, err
	}
	if !p.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil // nothing to clean up
	}
	if _, err := r.Secrets.Acquire(ctx, client.ObjectKey{Namespace: p.Namespace, Name: p.Spec.TokenName}, p); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
