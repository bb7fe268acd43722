// Reproduces CAPA's ROSAControlPlane deleteMachinePools: the dependents (volume
// claims here, which carry a finalizer of their own) are
// listed by a helper of another package that returns them as a slice, those
// not yet being deleted are deleted, and the caller requeues until a listing
// finds nothing left to delete.
package observed

import (
	"context"
	"time"

	"foregrounddeletion/external"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ListedElsewhere struct {
	client.Client
}

func (r *ListedElsewhere) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	done, err := r.deleteSecrets(ctx, obj)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !done {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}

func (r *ListedElsewhere) deleteSecrets(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	secrets, err := external.Claims(ctx, r.Client, obj.Namespace, []string{obj.Data["tls"], obj.Data["auth"]})
	if err != nil {
		return false, err
	}
	done := true
	for i := range secrets {
		if !secrets[i].DeletionTimestamp.IsZero() {
			continue
		}
		if err := r.Delete(ctx, &secrets[i]); err != nil {
			return false, err
		}
		done = false
	}
	return done, nil
}

// deleteClaimsFlag reports done through a variable set to false after each
// Delete, as CAPA's allMachinePoolDeleted.
func (r *ListedElsewhere) deleteClaimsFlag(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	claims, err := external.Claims(ctx, r.Client, obj.Namespace, []string{obj.Data["data"]})
	if err != nil {
		return false, err
	}
	allDeleted := true
	for i := range claims {
		if !claims[i].DeletionTimestamp.IsZero() {
			continue
		}
		if err := r.Delete(ctx, &claims[i]); err != nil {
			return false, err
		}
		allDeleted = false
	}
	return allDeleted, nil
}

type ListedFlag struct {
	ListedElsewhere
}

func (r *ListedFlag) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	done, err := r.deleteClaimsFlag(ctx, obj)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !done {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}
