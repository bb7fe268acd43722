package typedclient // want package:`order\(Service needs ConfigMap, Widget needs Gadget, Widget needs Secret; releases Service, Widget\)`

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

// CRHelperReconciler reads the Secret its spec names through a helper
// that hands the client's error back as it is (err := r.Get(...);
// return s, err).
type CRHelperReconciler struct {
	client.Client
}

func (r *CRHelperReconciler) secret(ctx context.Context, w *widgetsv1.Widget) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.GadgetName}, s)
	return s, err
}

func (r *CRHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := r.secret(ctx, w); apierrors.IsNotFound(err) {
		return ctrl.Result{}, err // want `when a referenced Secret that r.secret reads is already deleted, this return keeps Widget from ever reaching the removal of finalizer "example.com/cleanup"`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizerName)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// TolerantReconciler's helper takes a missing Secret for none: its caller's
// not-found test never holds.
type TolerantReconciler struct {
	client.Client
}

func (r *TolerantReconciler) secret(ctx context.Context, w *widgetsv1.Widget) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.GadgetName}, s)
	if apierrors.IsNotFound(err) {
		return nil, nil
	}
	return s, err
}

func (r *TolerantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := r.secret(ctx, w); apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizerName)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}
