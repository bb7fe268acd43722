// Package controller holds the controllers of the hosting operator's
// Websites and Routes. A Website runs a site's web servers as a Deployment,
// puts a Service in front of them and publishes the Service under the site's
// hostname through a Route; a Route publishes its hostname as a DNS record.
package controller

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
)

// WebsiteReconciler reconciles Websites.
type WebsiteReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// SetupWithManager registers the reconciler with mgr.
func (r *WebsiteReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&hostingv1alpha1.Website{}).
		Owns(&appsv1.Deployment{}).
		Owns(&corev1.Service{}).
		// Wrong: the filter also drops updates of the owned Deployments and Services that keep their generation (status, labels), so that drift is never repaired.
		WithEventFilter(predicate.GenerationChangedPredicate{}). // finding: driftgate
		Complete(r)
}

// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=websites,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=websites/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=routes,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=services,verbs=get;list;watch;create;update;patch;delete

// Reconcile brings a Website's Deployment, Service and Route in line with
// its spec, and tears them down in order when the Website is deleted.
func (r *WebsiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	site := &hostingv1alpha1.Website{}
	if err := r.Get(ctx, req.NamespacedName, site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	if !site.DeletionTimestamp.IsZero() {
		return r.finalize(ctx, site)
	}
	if controllerutil.AddFinalizer(site, hostingv1alpha1.WebsiteFinalizer) {
		if err := r.Update(ctx, site); err != nil {
			return ctrl.Result{}, err
		}
	}

	if site.Generation == site.Status.ObservedGeneration {
		// Wrong: returns on an unchanged spec before the children are reconciled, so a deleted or edited child is never repaired.
		return ctrl.Result{}, nil // finding: driftgate
	}

	if err := r.reconcileDeployment(ctx, site); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.reconcileService(ctx, site); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.reconcileRoute(ctx, site); err != nil {
		return ctrl.Result{}, err
	}

	site.Status.ObservedGeneration = site.Generation
	site.Status.URL = "https://" + site.Spec.Hostname
	return ctrl.Result{}, r.Status().Update(ctx, site)
}

func labelsFor(site *hostingv1alpha1.Website) map[string]string {
	return map[string]string{hostingv1alpha1.WebsiteLabel: site.Name}
}

func (r *WebsiteReconciler) reconcileDeployment(ctx context.Context, site *hostingv1alpha1.Website) error {
	deploy := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, deploy, func() error {
		deploy.Labels = labelsFor(site)
		deploy.Spec.Replicas = ptr.To(site.Spec.Replicas)
		deploy.Spec.Selector = &metav1.LabelSelector{MatchLabels: labelsFor(site)}
		deploy.Spec.Template.Labels = labelsFor(site)
		deploy.Spec.Template.Spec.Containers = []corev1.Container{{
			Name:  "web",
			Image: site.Spec.Image,
			Ports: []corev1.ContainerPort{{Name: "http", ContainerPort: 8080}},
		}}
		// Wrong: the markers above Reconcile grant no update on websites/finalizers, so where OwnerReferencesPermissionEnforcement is on (OpenShift) the API server rejects this reference's blockOwnerDeletion and the Deployment is never created.
		return controllerutil.SetControllerReference(site, deploy, r.Scheme) // finding: finalizersrbac
	})
	return err
}

func (r *WebsiteReconciler) reconcileService(ctx context.Context, site *hostingv1alpha1.Website) error {
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, svc, func() error {
		svc.Labels = labelsFor(site)
		svc.Spec.Selector = labelsFor(site)
		svc.Spec.Ports = []corev1.ServicePort{{Name: "http", Port: 80, TargetPort: intstr.FromString("http")}}
		// Wrong: a controller reference without BlockOwnerDeletion, so foreground deletion of the Website does not wait for the Service.
		svc.OwnerReferences = []metav1.OwnerReference{{ // finding: blockownerdeletion
			APIVersion: hostingv1alpha1.GroupVersion.String(),
			Kind:       "Website",
			Name:       site.Name,
			UID:        site.UID,
			Controller: ptr.To(true),
		}}
		return nil
	})
	return err
}

func (r *WebsiteReconciler) reconcileRoute(ctx context.Context, site *hostingv1alpha1.Website) error {
	route := &hostingv1alpha1.Route{ObjectMeta: metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, route, func() error {
		route.Labels = labelsFor(site)
		route.Spec.Hostname = site.Spec.Hostname
		route.Spec.ServiceName = site.Name
		// Wrong: the Website controls its Route but SetupWithManager has no Owns(&hostingv1alpha1.Route{}), so a deleted Route is not recreated; and, as for the Deployment, the missing websites/finalizers permission makes the create fail on OpenShift.
		return controllerutil.SetControllerReference(site, route, r.Scheme) // finding: ownschildren
	})
	return err
}

// finalize takes the site down: first its web servers, then its public name.
func (r *WebsiteReconciler) finalize(ctx context.Context, site *hostingv1alpha1.Website) (ctrl.Result, error) {
	if !controllerutil.ContainsFinalizer(site, hostingv1alpha1.WebsiteFinalizer) {
		return ctrl.Result{}, nil
	}

	deploy := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace}}
	// Wrong: deletes with the default propagation, ignoring spec.deletionPolicy, so the Deployment is "gone" while its Pods still serve.
	if err := r.Delete(ctx, deploy); client.IgnoreNotFound(err) != nil { // finding: foregrounddeletion
		return ctrl.Result{}, err
	}
	if err := r.Get(ctx, client.ObjectKeyFromObject(deploy), deploy); !apierrors.IsNotFound(err) {
		return ctrl.Result{RequeueAfter: 2 * time.Second}, client.IgnoreNotFound(err)
	}

	route := &hostingv1alpha1.Route{ObjectMeta: metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace}}
	// Wrong: deletes the Route, then removes the finalizer below without waiting for the Route to release its DNS record.
	if err := r.Delete(ctx, route); client.IgnoreNotFound(err) != nil { // finding: foregrounddeletion
		return ctrl.Result{}, err
	}

	controllerutil.RemoveFinalizer(site, hostingv1alpha1.WebsiteFinalizer) // finding: finalizerblock
	return ctrl.Result{}, r.Update(ctx, site)
}
