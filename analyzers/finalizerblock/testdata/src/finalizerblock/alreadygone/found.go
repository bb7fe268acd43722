package alreadygone

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// FoundSiteReconciler deletes only what this pass found: a child read
// first, whose not-found is skipped, and the items of a List. A not-found
// of their Delete is a race, and the next pass does not find them.
type FoundSiteReconciler struct {
	client.Client
}

func (r *FoundSiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	site := &Website{}
	if err := r.Get(ctx, req.NamespacedName, site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if site.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(site, siteFinalizer)
		return ctrl.Result{}, r.Update(ctx, site)
	}
	return r.finalize(ctx, site)
}

func (r *FoundSiteReconciler) finalize(ctx context.Context, site *Website) (ctrl.Result, error) {
	dep := &appsv1.Deployment{}
	err := r.Get(ctx, client.ObjectKey{Namespace: site.Namespace, Name: site.Name + "-web"}, dep)
	switch {
	case apierrors.IsNotFound(err):
	case err != nil:
		return ctrl.Result{}, err
	default:
		if err := r.Delete(ctx, dep); err != nil {
			return ctrl.Result{}, err
		}
	}
	pods := &corev1.PodList{}
	if err := r.List(ctx, pods, client.InNamespace(site.Namespace), client.MatchingLabels{"site": site.Name}); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	// DeleteAllOf never fails with not-found.
	if err := r.DeleteAllOf(ctx, &corev1.ConfigMap{}, client.InNamespace(site.Namespace), client.MatchingLabels{"site": site.Name}); err != nil {
		return ctrl.Result{}, err
	}
	// Another Website (the one it mirrors), made by name: the deletion
	// of a peer of its own kind, whose own deletion removes its own
	// finalizer; not a child of this one.
	mirror := &Website{}
	mirror.Name, mirror.Namespace = site.Name+"-mirror", site.Namespace
	if err := r.Delete(ctx, mirror); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(site, siteFinalizer)
	return ctrl.Result{}, r.Update(ctx, site)
}
