// Reproduces a Config Connector-style controller whose resolver fails with Config Connector's typed error (k8s.NewReferenceNotFoundError) before the deletion branch: the code uses that API, so the message names it. // want package:`order\(Backup needs Secret; releases Backup, ConfigMap\)`
package vocabulary

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/k8s"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type TopicReconciler struct {
	client.Client
}

func (r *TopicReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.resolveProject(ctx, cm); err != nil {
		return ctrl.Result{}, err // want `^when a dependency that r.resolveProject resolves is already deleted, this return keeps ConfigMap from ever reaching the removal of finalizer "backup.example.com/cleanup" while it is being deleted: treat a dependency-not-found error \(k8s.NewReferenceNotFoundError\) as gone while deleting`
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, backupFinalizer)
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	return ctrl.Result{}, nil
}

func (r *TopicReconciler) resolveProject(ctx context.Context, cm *corev1.ConfigMap) error {
	project := &corev1.ConfigMap{}
	key := types.NamespacedName{Namespace: cm.Namespace, Name: cm.Data["project"]}
	if err := r.Get(ctx, key, project); err != nil {
		return k8s.NewReferenceNotFoundError(schema.GroupVersionKind{Kind: "Project"}, key)
	}
	return nil
}
