package alreadygone

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// HelperSiteReconciler deletes its children through helpers: one that
// hands the Delete's error back wrapped, and one of a typed clientset.
type HelperSiteReconciler struct {
	client.Client
	kube kubernetes.Interface
}

func (r *HelperSiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	site := &Website{}
	if err := r.Get(ctx, req.NamespacedName, site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if site.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(site, siteFinalizer)
		return ctrl.Result{}, r.Update(ctx, site)
	}
	if err := r.deleteConfig(ctx, site); err != nil {
		return ctrl.Result{}, err // want `when the ConfigMap that r.deleteConfig deletes is already gone .*hands that error back: it never reaches the removal of finalizer "sites.example.com/cleanup"`
	}
	if err := r.kube.CoreV1().Services(site.Namespace).Delete(ctx, site.Name+"-lb", metav1.DeleteOptions{}); err != nil {
		return ctrl.Result{}, fmt.Errorf("deleting load balancer: %w", err) // want `when the Service named by site.Name \+ "-lb" is already gone`
	}
	if err := r.deleteQuietly(ctx, site); err != nil {
		return ctrl.Result{}, err
	}
	for _, obj := range []client.Object{
		&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: site.Name + "-env", Namespace: site.Namespace}},
		&corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: site.Name + "-tls", Namespace: site.Namespace}},
	} {
		if err := r.Delete(ctx, obj); err != nil {
			return ctrl.Result{}, err // want `when the ConfigMap or Secret it deletes is already gone`
		}
	}
	controllerutil.RemoveFinalizer(site, siteFinalizer)
	return ctrl.Result{}, r.Update(ctx, site)
}

func (r *HelperSiteReconciler) deleteConfig(ctx context.Context, site *Website) error {
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = site.Name, site.Namespace
	if err := r.Delete(ctx, cm); err != nil {
		return fmt.Errorf("deleting config of %s: %w", site.Name, err)
	}
	return nil
}

// deleteQuietly tolerates a Secret that is gone.
func (r *HelperSiteReconciler) deleteQuietly(ctx context.Context, site *Website) error {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace}}
	return client.IgnoreNotFound(r.Delete(ctx, s))
}
