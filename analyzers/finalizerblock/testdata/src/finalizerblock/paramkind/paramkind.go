// Reads through helpers that read into the object their callers hand in // want package:`order\(Widget needs ConfigMap, Widget needs Secret; releases Widget\)`
// (a type parameter, a client.Object): the kind read is the kind each call
// passes, named in the finding and needed by the deletion.
package paramkind

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

const cleanupFinalizer = "example.com/cleanup"

func get[T client.Object](ctx context.Context, c client.Reader, ns, name string, obj T) (T, error) {
	err := c.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, obj)
	return obj, err
}

type Reconciler struct {
	client.Client
}

func (r *Reconciler) read(ctx context.Context, key client.ObjectKey, obj client.Object) error {
	return r.Get(ctx, key, obj)
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret, err := get(ctx, r.Client, w.Namespace, w.Spec.GadgetName, &corev1.Secret{})
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that get reads is already deleted`
	}
	cm := &corev1.ConfigMap{}
	if err := r.read(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.GadgetName}, cm); err != nil {
		return ctrl.Result{}, err // want `when a referenced ConfigMap that r.read reads is already deleted`
	}
	if !w.DeletionTimestamp.IsZero() {
		_, _ = secret, cm
		controllerutil.RemoveFinalizer(w, cleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	controllerutil.AddFinalizer(w, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}
