package controller

// The Route controller publishes a Route's hostname as a DNS record in the
// cloud, tagged with the Website the Route belongs to, and deletes the
// record when the Route is deleted.

import (
	"context"
	"errors"
	"fmt"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/deletionlint/deletionlint/runtime/deletion"
	"github.com/deletionlint/deletionlint/runtime/finalizer"
	"github.com/deletionlint/deletionlint/runtime/ownership"

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

// Reconcile publishes or releases the DNS record of one Route. The record is
// released whether or not the Route's Website still exists.
func (r *RouteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	route := &hostingv1alpha1.Route{}
	if err := r.Get(ctx, req.NamespacedName, route); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	fin := finalizer.Runner{Client: r.Client, Name: hostingv1alpha1.RouteFinalizer, Cleanup: r.releaseRecord}
	if res, err := fin.Reconcile(ctx, route); err != nil || deletion.IsDeleting(route) {
		return res, err
	}

	site := &hostingv1alpha1.Website{}
	if err := ownership.GetOwner(ctx, r.Client, route, site); err != nil {
		if errors.Is(err, ownership.ErrNoOwner) || errors.Is(err, ownership.ErrOwnerGone) {
			// Routes are published for Websites only; one whose Website
			// is gone is about to be garbage collected.
			log.FromContext(ctx).Info("route has no Website; not publishing", "reason", err.Error())
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
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

// releaseRecord deletes the Route's DNS record; it is the cleanup of the
// Route's finalizer.
func (r *RouteReconciler) releaseRecord(ctx context.Context, obj client.Object) error {
	route := obj.(*hostingv1alpha1.Route)
	if route.Status.RecordID == "" {
		return nil
	}
	if err := r.DNS.DeleteRecord(ctx, route.Status.RecordID); err != nil && !errors.Is(err, cloud.ErrNotFound) {
		return err
	}
	return nil
}
