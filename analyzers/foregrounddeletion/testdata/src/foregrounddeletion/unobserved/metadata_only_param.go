// Reproduces a cluster provider whose finalizer deletes its labelled side
// objects through a helper that takes the kind as a parameter. One caller
// passes a Volume, held by its own finalizer until its disk is gone, so its
// deletion is never seen through; another passes a kind it reads from the
// cluster's data, which nothing names statically. An exported helper may be
// called from other packages, with any kind.
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

type LabelledVolumes struct {
	client.Client
}

func (r *LabelledVolumes) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.deleteLabelled(ctx, cluster, schema.FromAPIVersionAndKind("v1", "SecretList")); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.deleteLabelled(ctx, cluster, storage.GroupVersion.WithKind("VolumeList")); err != nil { // want `ConfigMap removes its finalizer "example.com/labelled-volumes" after deleting the (Secret or Volume|Volume or Secret) without observing`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cluster, "example.com/labelled-volumes")
	return ctrl.Result{}, r.Update(ctx, cluster)
}

func (r *LabelledVolumes) deleteLabelled(ctx context.Context, cluster *corev1.ConfigMap, kind schema.GroupVersionKind) error {
	var objs metav1.PartialObjectMetadataList
	objs.SetGroupVersionKind(kind)
	if err := r.List(ctx, &objs, client.MatchingLabels{"cluster": cluster.Name}); err != nil {
		return err
	}
	for _, obj := range objs.Items {
		if err := r.Delete(ctx, &obj); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	return nil
}

type DataKinds struct {
	client.Client
}

func (r *DataKinds) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.deleteLabelled(ctx, cluster, schema.FromAPIVersionAndKind("v1", "SecretList")); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.deleteLabelled(ctx, cluster, schema.FromAPIVersionAndKind("v1", cluster.Data["kind"])); err != nil { // want `after deleting the dependent \(of a kind not known statically\) without observing`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cluster, "example.com/data-kinds")
	return ctrl.Result{}, r.Update(ctx, cluster)
}

func (r *DataKinds) deleteLabelled(ctx context.Context, cluster *corev1.ConfigMap, kind schema.GroupVersionKind) error {
	var objs metav1.PartialObjectMetadataList
	objs.SetGroupVersionKind(kind)
	if err := r.List(ctx, &objs, client.MatchingLabels{"cluster": cluster.Name}); err != nil {
		return err
	}
	for _, obj := range objs.Items {
		if err := r.Delete(ctx, &obj); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	return nil
}

type ExportedHelper struct {
	client.Client
}

func (r *ExportedHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.DeleteLabelled(ctx, cluster, schema.FromAPIVersionAndKind("v1", "SecretList")); err != nil { // want `after deleting the dependent \(of a kind not known statically\) without observing`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cluster, "example.com/exported-helper")
	return ctrl.Result{}, r.Update(ctx, cluster)
}

// DeleteLabelled deletes the labelled objects of a kind.
func (r *ExportedHelper) DeleteLabelled(ctx context.Context, cluster *corev1.ConfigMap, kind schema.GroupVersionKind) error {
	var objs metav1.PartialObjectMetadataList
	objs.SetGroupVersionKind(kind)
	if err := r.List(ctx, &objs, client.MatchingLabels{"cluster": cluster.Name}); err != nil {
		return err
	}
	for _, obj := range objs.Items {
		if err := r.Delete(ctx, &obj); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	return nil
}
