// A finalizer that deletes the objects it made, kept in a map and a slice of
// client.Object filled with literals of built-in kinds without finalizers of
// their own, and returns each Delete's error: the kinds are known through
// the collections, so nothing goes unnoticed.
package observed

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type CollectionKinds struct {
	client.Client
}

func (r *CollectionKinds) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	meta := metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}
	owned := map[string]client.Object{
		"config": &corev1.Secret{ObjectMeta: meta},
		"server": &appsv1.Deployment{ObjectMeta: meta},
	}
	for _, obj := range owned {
		if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	var rest []client.Object
	rest = append(rest, &corev1.ServiceAccount{ObjectMeta: meta})
	for i := range rest {
		if err := r.Delete(ctx, rest[i]); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}
