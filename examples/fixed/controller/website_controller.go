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
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"github.com/deletionlint/deletionlint/runtime/cascade"
	"github.com/deletionlint/deletionlint/runtime/deletion"
	"github.com/deletionlint/deletionlint/runtime/drift"
	"github.com/deletionlint/deletionlint/runtime/finalizer"
	"github.com/deletionlint/deletionlint/runtime/ownership"

	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
)

// WebsiteReconciler reconciles Websites.
type WebsiteReconciler struct {
	client.Client
}

// SetupWithManager registers the reconciler with mgr. Status-only updates of
// Websites are filtered out; every event of the children gets through, so a
// deleted or edited child is repaired at once.
func (r *WebsiteReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&hostingv1alpha1.Website{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&appsv1.Deployment{}).
		Owns(&corev1.Service{}).
		Owns(&hostingv1alpha1.Route{}).
		Complete(r)
}

// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=websites,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=websites/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=routes,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=services,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=websites/finalizers,verbs=update

// Reconcile brings a Website's Deployment, Service and Route in line with
// its spec, and tears them down in order when the Website is deleted.
func (r *WebsiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	site := &hostingv1alpha1.Website{}
	if err := r.Get(ctx, req.NamespacedName, site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	fin := finalizer.Runner{Client: r.Client, Name: hostingv1alpha1.WebsiteFinalizer, Cleanup: r.cleanup}
	if res, err := fin.Reconcile(ctx, site); err != nil || deletion.IsDeleting(site) {
		return res, err
	}

	if site.Generation == site.Status.ObservedGeneration {
		// The spec is rolled out; reconcile only if a child was deleted
		// or edited behind our back.
		missing, err := drift.MissingChildren(ctx, r.Client, site, newDeployment(site), newService(site), newRoute(site))
		if err != nil || len(missing) == 0 {
			return ctrl.Result{}, err
		}
		log.FromContext(ctx).Info("repairing children", "count", len(missing))
	}

	deploy := &appsv1.Deployment{ObjectMeta: childMeta(site)}
	if _, err := ownership.EnsureChild(ctx, r.Client, site, deploy, func() error {
		setDeployment(site, deploy)
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{ObjectMeta: childMeta(site)}
	if _, err := ownership.EnsureChild(ctx, r.Client, site, svc, func() error {
		setService(site, svc)
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	route := &hostingv1alpha1.Route{ObjectMeta: childMeta(site)}
	if _, err := ownership.EnsureChild(ctx, r.Client, site, route, func() error {
		setRoute(site, route)
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}

	site.Status.ObservedGeneration = site.Generation
	site.Status.URL = "https://" + site.Spec.Hostname
	return ctrl.Result{}, r.Status().Update(ctx, site)
}

// cleanup takes the site down: first its web servers, then its public name.
// It returns finalizer.Requeue until each is observed gone.
func (r *WebsiteReconciler) cleanup(ctx context.Context, obj client.Object) error {
	site := obj.(*hostingv1alpha1.Website)
	policy := propagation(site.Spec.DeletionPolicy)

	gone, err := cascade.DeleteAndWait(ctx, r.Client, &appsv1.Deployment{ObjectMeta: childMeta(site)}, policy)
	if err != nil {
		return err
	}
	if !gone {
		return finalizer.Requeue(2*time.Second, "waiting for the web servers to stop")
	}

	gone, err = cascade.DeleteAndWait(ctx, r.Client, &hostingv1alpha1.Route{ObjectMeta: childMeta(site)}, policy)
	if err != nil {
		return err
	}
	if !gone {
		return finalizer.Requeue(2*time.Second, "waiting for the Route to release its DNS record")
	}
	return nil
}

// propagation returns the propagation policy for p, Foreground by default.
func propagation(p hostingv1alpha1.DeletionPolicy) metav1.DeletionPropagation {
	switch p {
	case hostingv1alpha1.DeletionPolicyBackground:
		return metav1.DeletePropagationBackground
	case hostingv1alpha1.DeletionPolicyOrphan:
		return metav1.DeletePropagationOrphan
	default:
		return metav1.DeletePropagationForeground
	}
}

func childMeta(site *hostingv1alpha1.Website) metav1.ObjectMeta {
	return metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace}
}

func labelsFor(site *hostingv1alpha1.Website) map[string]string {
	return map[string]string{hostingv1alpha1.WebsiteLabel: site.Name}
}

// newDeployment returns the site's Deployment in its desired state.
func newDeployment(site *hostingv1alpha1.Website) *appsv1.Deployment {
	deploy := &appsv1.Deployment{ObjectMeta: childMeta(site)}
	setDeployment(site, deploy)
	return deploy
}

// setDeployment sets the desired state of the site's Deployment on deploy.
func setDeployment(site *hostingv1alpha1.Website, deploy *appsv1.Deployment) {
	deploy.Labels = labelsFor(site)
	deploy.Spec.Replicas = ptr.To(site.Spec.Replicas)
	deploy.Spec.Selector = &metav1.LabelSelector{MatchLabels: labelsFor(site)}
	deploy.Spec.Template.Labels = labelsFor(site)
	deploy.Spec.Template.Spec.Containers = []corev1.Container{{
		Name:  "web",
		Image: site.Spec.Image,
		Ports: []corev1.ContainerPort{{Name: "http", ContainerPort: 8080}},
	}}
}

// newService returns the site's Service in its desired state.
func newService(site *hostingv1alpha1.Website) *corev1.Service {
	svc := &corev1.Service{ObjectMeta: childMeta(site)}
	setService(site, svc)
	return svc
}

// setService sets the desired state of the site's Service on svc.
func setService(site *hostingv1alpha1.Website, svc *corev1.Service) {
	svc.Labels = labelsFor(site)
	svc.Spec.Selector = labelsFor(site)
	svc.Spec.Ports = []corev1.ServicePort{{Name: "http", Port: 80, TargetPort: intstr.FromString("http")}}
}

// newRoute returns the site's Route in its desired state.
func newRoute(site *hostingv1alpha1.Website) *hostingv1alpha1.Route {
	route := &hostingv1alpha1.Route{ObjectMeta: childMeta(site)}
	setRoute(site, route)
	return route
}

// setRoute sets the desired state of the site's Route on route.
func setRoute(site *hostingv1alpha1.Website, route *hostingv1alpha1.Route) {
	route.Labels = labelsFor(site)
	route.Spec.Hostname = site.Spec.Hostname
	route.Spec.ServiceName = site.Name
}
