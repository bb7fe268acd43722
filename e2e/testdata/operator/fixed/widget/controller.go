// Package widget is the corrected Widget controller: it watches the
// ConfigMaps it creates, and its owner references block the Widget's
// foreground deletion.
package widget

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	v1 "example.com/operator/api/v1"
)

// Reconciler reconciles Widgets.
type Reconciler struct {
	client.Client
}

// SetupWithManager registers the controller, watching the ConfigMaps it
// creates.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.Widget{}).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}

// Reconcile creates the Widget's ConfigMap.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w v1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(&w, v1.Finalizer)
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	cm := v1.ConfigMapFor(&w)
	if err := controllerutil.SetControllerReference(&w, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, cm))
}

// Backup writes a copy of the Widget's data, owned by the Widget, with an
// owner reference built by hand. The reconciler does not call it (a
// command-line tool does), so the copy is not a child the controller must
// watch. The reference blocks the Widget's deletion.
func Backup(ctx context.Context, c client.Client, w *v1.Widget) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name + "-backup"}, Data: w.Spec.Data}
	ref := metav1.OwnerReference{APIVersion: v1.GroupVersion.String(), Kind: "Widget", Name: w.Name, UID: w.UID, Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true)}
	cm.OwnerReferences = append(cm.OwnerReferences, ref)
	return c.Create(ctx, cm)
}
