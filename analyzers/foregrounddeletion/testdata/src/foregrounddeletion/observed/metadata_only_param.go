// Reproduces a cluster provider whose finalizer deletes, kind by kind, the
// side objects it labelled, through a helper that takes the kind as a
// parameter and lists them as metadata only. Every caller passes built-in
// kinds that carry no finalizer of their own (from apiVersion and kind
// strings), and the helper returns every failure, which keeps the
// finalizer: nothing can be left behind.
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

type LabelledObjects struct {
	client.Client
}

func (r *LabelledObjects) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	for _, kind := range []schema.GroupVersionKind{
		schema.FromAPIVersionAndKind("v1", "SecretList"),
		schema.FromAPIVersionAndKind("rbac.authorization.k8s.io/v1", "RoleBindingList"),
	} {
		if err := r.deleteLabelled(ctx, cluster, kind); err != nil {
			return ctrl.Result{}, err
		}
	}
	if err := r.deleteLabelled(ctx, cluster, schema.FromAPIVersionAndKind("apps/v1", "StatefulSetList")); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cluster, "example.com/labelled-objects")
	return ctrl.Result{}, r.Update(ctx, cluster)
}

func (r *LabelledObjects) deleteLabelled(ctx context.Context, cluster *corev1.ConfigMap, kind schema.GroupVersionKind) error {
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
