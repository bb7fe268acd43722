package alreadygone

import (
	"context"
	"log"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// SiteReconciler deletes its Deployment by name in its deletion branch
// and hands any error back.
type SiteReconciler struct {
	client.Client
}

func (r *SiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	site := &Website{}
	if err := r.Get(ctx, req.NamespacedName, site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !site.DeletionTimestamp.IsZero() {
		dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: site.Name + "-web", Namespace: site.Namespace}}
		if err := r.Delete(ctx, dep); err != nil {
			return ctrl.Result{}, err // want `when the Deployment named by site.Name \+ "-web" is already gone \(deleted by hand, with its namespace, or by an earlier pass of this deletion that failed after it\), the Delete fails with not-found on every retry, and this return, which runs only while Website is being deleted, hands that error back: it never reaches the removal of finalizer "sites.example.com/cleanup": treat not-found as gone \(client.IgnoreNotFound\) and return other errors`
		}
		tls := &corev1.Secret{}
		tls.Name, tls.Namespace = site.Name+"-tls", site.Namespace
		if err := r.Delete(ctx, tls); err != nil {
			return ctrl.Result{RequeueAfter: time.Minute}, err // want `when the Secret named by site.Name \+ "-tls" is already gone`
		}
		svc := newService(site)
		if err := r.Delete(ctx, svc); err != nil {
			log.Printf("deleting service: %v", err)
			return ctrl.Result{}, nil // want `when the Service it deletes is already gone .*, the Delete fails with not-found and this return drops the error without requeueing: Website is reconciled again only when another event comes`
		}
		controllerutil.RemoveFinalizer(site, siteFinalizer)
		return ctrl.Result{}, r.Update(ctx, site)
	}
	if controllerutil.AddFinalizer(site, siteFinalizer) {
		return ctrl.Result{}, r.Update(ctx, site)
	}
	// Outside deletion a failed Delete is retried, and the next pass
	// makes the child again: no finding.
	if site.Spec.Replicas == 0 {
		old := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: site.Name + "-web", Namespace: site.Namespace}}
		if err := r.Delete(ctx, old); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// newService builds the Service a Website gets; it cannot fail.
func newService(site *Website) *corev1.Service {
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace}}
}

// TolerantSiteReconciler treats a child that is gone as deleted.
type TolerantSiteReconciler struct {
	client.Client
}

func (r *TolerantSiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	site := &Website{}
	if err := r.Get(ctx, req.NamespacedName, site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if site.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(site, siteFinalizer)
		return ctrl.Result{}, r.Update(ctx, site)
	}
	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: site.Name + "-web", Namespace: site.Namespace}}
	if err := r.Delete(ctx, dep); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	svc := newService(site)
	if err := r.Delete(ctx, svc); err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{RequeueAfter: time.Second}, err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace}}
	if err := r.Delete(ctx, cm); err != nil {
		if apierrors.IsNotFound(err) {
			// Already gone.
		} else {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(site, siteFinalizer)
	return ctrl.Result{}, r.Update(ctx, site)
}
