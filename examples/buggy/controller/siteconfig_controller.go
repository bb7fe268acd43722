package controller

// The SiteConfig controller publishes a SiteConfig's data as a ConfigMap of
// the same name. BackupSiteConfig, used by the operator's backup command,
// keeps a copy of it.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
)

// SiteConfigReconciler reconciles SiteConfigs.
type SiteConfigReconciler struct {
	client.Client
}

// SetupWithManager registers the reconciler with mgr.
func (r *SiteConfigReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&hostingv1alpha1.SiteConfig{}).
		Complete(r)
}

// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=siteconfigs,verbs=get;list;watch
// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=siteconfigs/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;update;patch

// Reconcile creates the SiteConfig's ConfigMap; the ConfigMap is deleted
// with its SiteConfig by the garbage collector.
func (r *SiteConfigReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cfg hostingv1alpha1.SiteConfig
	if err := r.Get(ctx, req.NamespacedName, &cfg); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cfg.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(&cfg, hostingv1alpha1.SiteConfigFinalizer)
		return ctrl.Result{}, r.Update(ctx, &cfg)
	}
	if controllerutil.AddFinalizer(&cfg, hostingv1alpha1.SiteConfigFinalizer) {
		if err := r.Update(ctx, &cfg); err != nil {
			return ctrl.Result{}, err
		}
	}
	cm := hostingv1alpha1.ConfigMapFor(&cfg)
	// Wrong: the SiteConfig controls its ConfigMap but SetupWithManager has no Owns(&corev1.ConfigMap{}), so a deleted or edited ConfigMap is repaired only at the next resync.
	if err := controllerutil.SetControllerReference(&cfg, cm, r.Scheme()); err != nil { // finding: ownschildren
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, cm))
}

// BackupSiteConfig writes a copy of the SiteConfig's data, owned by the
// SiteConfig, with an owner reference built by hand. The reconciler does not
// call it (the operator's backup command does), so the copy is not a child
// the controller must watch.
func BackupSiteConfig(ctx context.Context, c client.Client, cfg *hostingv1alpha1.SiteConfig) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: cfg.Namespace, Name: cfg.Name + "-backup"}, Data: cfg.Spec.Data}
	// Wrong: a controller reference without BlockOwnerDeletion, so foreground deletion of the SiteConfig does not wait for its backup.
	ref := metav1.OwnerReference{APIVersion: hostingv1alpha1.GroupVersion.String(), Kind: "SiteConfig", Name: cfg.Name, UID: cfg.UID, Controller: ptr.To(true)} // finding: blockownerdeletion
	cm.OwnerReferences = append(cm.OwnerReferences, ref)
	return c.Create(ctx, cm)
}
