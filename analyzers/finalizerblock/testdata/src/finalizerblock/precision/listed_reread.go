// Reproduces a cleanup that lists the object's ConfigMaps and hands each to a
// helper that re-reads it before changing it: a not-found there means the
// ConfigMap went away between the List and the Get, the next pass does not
// list it, and the deletion goes on. The same helper shape handed an object
// named by the spec is a dependency read, which strands the finalizer.
package precision

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type DetachReconciler struct {
	client.Client
}

func (r *DetachReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.detachAll(ctx, m); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(m, finalizerName)
	return ctrl.Result{}, r.Update(ctx, m)
}

func (r *DetachReconciler) detachAll(ctx context.Context, m *Member) error {
	cms := &corev1.ConfigMapList{}
	if err := r.List(ctx, cms, client.InNamespace(m.Namespace), client.MatchingLabels{"member": m.Name}); err != nil {
		return err
	}
	for i := range cms.Items {
		cm := &cms.Items[i]
		if err := r.detach(ctx, cm); err != nil {
			return err
		}
	}
	return nil
}

// detach re-reads the listed ConfigMap it is given and drops its label.
func (r *DetachReconciler) detach(ctx context.Context, cm *corev1.ConfigMap) error {
	cur := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name}, cur); err != nil {
		return err
	}
	delete(cur.Labels, "member")
	return r.Update(ctx, cur)
}

// UpstreamReconciler hands the same shape of helper the ConfigMap its spec
// names: once that ConfigMap is gone, every retry fails.
type UpstreamReconciler struct {
	client.Client
}

func (r *UpstreamReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	up := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: m.Namespace, Name: m.Spec.UpstreamName}}
	if err := r.unlink(ctx, up); err != nil {
		return ctrl.Result{}, err // want `when the ConfigMap`
	}
	controllerutil.RemoveFinalizer(m, finalizerName)
	return ctrl.Result{}, r.Update(ctx, m)
}

// unlink re-reads the ConfigMap it is given and drops its label.
func (r *UpstreamReconciler) unlink(ctx context.Context, cm *corev1.ConfigMap) error {
	cur := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name}, cur); err != nil {
		return err
	}
	delete(cur.Labels, "member")
	return r.Update(ctx, cur)
}
