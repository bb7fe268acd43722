package controller

// The Route controller publishes a Route's hostname as a DNS record in the
// cloud, tagged with the Website the Route belongs to, and deletes the
// record when the Route is deleted.

import (
	"context"
	"errors"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
	"github.com/deletionlint/deletionlint/examples/pkg/cloud"
)

// RouteReconciler reconciles Routes.
type RouteReconciler struct {
	client.Client
	// DNS is the cloud that holds the records.
	DNS *cloud.Cloud
}

// SetupWithManager registers the reconciler with mgr.
func (r *RouteReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&hostingv1alpha1.Route{}).
		Complete(r)
}

// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=routes,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=routes/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=routes/finalizers,verbs=update
// +kubebuilder:rbac:groups=hosting.deletionlint.dev,resources=websites,verbs=get;list;watch

// Reconcile publishes or releases the DNS record of one Route.
func (r *RouteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	route := &hostingv1alpha1.Route{}
	if err := r.Get(ctx, req.NamespacedName, route); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// The record is tagged with the Website's UID, so find the Website first.
	site := &hostingv1alpha1.Website{}
	siteKey := types.NamespacedName{Namespace: route.Namespace, Name: route.Labels[hostingv1alpha1.WebsiteLabel]}
	// Wrong: finds the owning Website by the Route's label instead of its ownerReferences.
	if err := r.Get(ctx, siteKey, site); err != nil { // finding: ownerbyref
		if apierrors.IsNotFound(err) {
			log.FromContext(ctx).Info("waiting for the Website", "website", siteKey.Name)
			// Wrong: this wait, before the deletion branch, also holds a Route being deleted whose Website is gone: its finalizer is never removed.
			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // finding: finalizerblock
		}
		return ctrl.Result{}, err
	}

	if !route.DeletionTimestamp.IsZero() {
		if route.Status.RecordID != "" {
			if err := r.DNS.DeleteRecord(ctx, route.Status.RecordID); err != nil && !errors.Is(err, cloud.ErrNotFound) {
				return ctrl.Result{}, err
			}
		}
		controllerutil.RemoveFinalizer(route, hostingv1alpha1.RouteFinalizer)
		return ctrl.Result{}, r.Update(ctx, route)
	}

	if controllerutil.AddFinalizer(route, hostingv1alpha1.RouteFinalizer) {
		if err := r.Update(ctx, route); err != nil {
			return ctrl.Result{}, err
		}
	}
	record, err := r.DNS.UpsertRecord(ctx, cloud.DNSRecord{
		Hostname: route.Spec.Hostname,
		Target:   fmt.Sprintf("%s.%s.svc", route.Spec.ServiceName, route.Namespace),
		Tags:     map[string]string{"website": string(site.UID)},
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	route.Status.RecordID = record.ID
	return ctrl.Result{}, r.Status().Update(ctx, route)
}
