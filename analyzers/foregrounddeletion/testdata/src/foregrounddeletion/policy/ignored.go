// Reproduces a claim reconciler that deletes its composite with a fixed
// propagation policy although the claim's spec names one.
package policy

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const claimFinalizer = "finalizer.apiextensions.crossplane.io"

type ClaimReconciler struct {
	client.Client
}

func (r *ClaimReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &Claim{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if meta := cm.GetDeletionTimestamp(); meta != nil {
		cp := &Composite{}
		if err := r.Get(ctx, client.ObjectKey{Name: cm.Name}, cp); err == nil {
			if err := r.Delete(ctx, cp, client.PropagationPolicy(metav1.DeletePropagationBackground)); err != nil { // want `this Delete hard-codes the propagation policy Background while Claim has field Spec.CompositeDeletePolicy that names the deletion policy: the user's choice is ignored`
				return ctrl.Result{}, err
			}
			return ctrl.Result{RequeueAfter: time.Second}, nil
		} else if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(cm, claimFinalizer)
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	return ctrl.Result{}, nil
}
