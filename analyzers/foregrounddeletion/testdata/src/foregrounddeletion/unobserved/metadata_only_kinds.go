// Reproduces a cluster provider whose finalizer deletes its side objects
// listed as metadata only, kind by kind from a slice of GroupVersionKinds,
// and releases its finalizer in the same pass: one of the kinds is a Volume,
// held by its own finalizer until its disk is gone, so that deletion is
// never seen through. A slice with a kind of a group the code has no
// package for is of kinds not known, and reported as such.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

var (
	sideConfigMaps = schema.GroupVersionKind{Version: "v1", Kind: "ConfigMapList"}
	sideVolumes    = storage.GroupVersion.WithKind("VolumeList")
	sideRecords    = schema.GroupVersionKind{Group: "dns.example.com", Version: "v1", Kind: "RecordList"}
)

type SideVolumes struct {
	client.Client
}

func (r *SideVolumes) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	for _, gvk := range []schema.GroupVersionKind{sideConfigMaps, sideVolumes} {
		var objs metav1.PartialObjectMetadataList
		objs.SetGroupVersionKind(gvk)
		if err := r.List(ctx, &objs, client.MatchingLabels{"cluster": cluster.Name}); err != nil {
			return ctrl.Result{}, err
		}
		for i := range objs.Items {
			if err := r.Delete(ctx, &objs.Items[i]); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/side-volumes" after deleting the (ConfigMap or Volume|Volume or ConfigMap) without observing`
				return ctrl.Result{}, err
			}
		}
	}
	controllerutil.RemoveFinalizer(cluster, "example.com/side-volumes")
	return ctrl.Result{}, r.Update(ctx, cluster)
}

type SideRecords struct {
	client.Client
}

func (r *SideRecords) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	for _, gvk := range []schema.GroupVersionKind{sideConfigMaps, sideRecords} {
		var objs metav1.PartialObjectMetadataList
		objs.SetGroupVersionKind(gvk)
		if err := r.List(ctx, &objs, client.MatchingLabels{"cluster": cluster.Name}); err != nil {
			return ctrl.Result{}, err
		}
		for i := range objs.Items {
			if err := r.Delete(ctx, &objs.Items[i]); client.IgnoreNotFound(err) != nil { // want `after deleting the dependent \(of a kind not known statically\) without observing`
				return ctrl.Result{}, err
			}
		}
	}
	controllerutil.RemoveFinalizer(cluster, "example.com/side-records")
	return ctrl.Result{}, r.Update(ctx, cluster)
}
