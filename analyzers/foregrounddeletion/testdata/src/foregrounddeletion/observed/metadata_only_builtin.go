// Reproduces a cluster provider whose finalizer deletes the side objects it
// made, listed by label as metadata only for each kind of a slice of
// GroupVersionKinds, returns any failure and releases its finalizer: the
// kinds (ConfigMaps, ServiceAccounts, Deployments) carry no finalizer of
// their own, so once each Delete succeeds nothing is left behind.
package observed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

var (
	configMaps      = schema.GroupVersionKind{Version: "v1", Kind: "ConfigMapList"}
	serviceAccounts = schema.GroupVersionKind{Version: "v1", Kind: "ServiceAccountList"}
	deployments     = schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "DeploymentList"}
)

type SideObjects struct {
	client.Client
}

func (r *SideObjects) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.deleteSideObjects(ctx, cluster); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cluster, "example.com/side-objects")
	return ctrl.Result{}, r.Update(ctx, cluster)
}

func (r *SideObjects) deleteSideObjects(ctx context.Context, cluster *corev1.ConfigMap) error {
	for _, gvk := range []schema.GroupVersionKind{configMaps, serviceAccounts, deployments} {
		var objs metav1.PartialObjectMetadataList
		objs.SetGroupVersionKind(gvk)
		if err := r.List(ctx, &objs, client.MatchingLabels{"cluster": cluster.Name}); err != nil {
			return err
		}
		for i := range objs.Items {
			if err := r.Delete(ctx, &objs.Items[i]); client.IgnoreNotFound(err) != nil {
				return err
			}
		}
	}
	return nil
}
