// Reproduces reconcilers that read what their object refers to through a
// typed clientset (client-go's, and one generated before client-go took a
// context) or a lister, before their deletion branch: a typed Get fails
// with not-found once the object is gone, like a controller-runtime Get.
package typedclient

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	listers "k8s.io/client-go/listers/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

const finalizerName = "example.com/cleanup"

type Reconciler struct {
	client.Client
	Kube    kubernetes.Interface
	Gadgets widgetsv1.GadgetsGetter
	Lister  listers.ConfigMapLister
}

// Reconcile reads the ConfigMap the object's label names through the
// clientset, before it looks at deletion.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	svc := &corev1.Service{}
	if err := r.Get(ctx, req.NamespacedName, svc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm, err := r.Kube.CoreV1().ConfigMaps(svc.Namespace).Get(ctx, svc.Labels["config"], metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when the ConfigMap named by svc.Labels\["config"\] is already deleted, this return keeps Service from ever reaching the removal of finalizer "example.com/cleanup"`
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = cm
	if !svc.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(svc, finalizerName)
		return ctrl.Result{}, r.Update(ctx, svc)
	}
	return ctrl.Result{}, nil
}

// WidgetReconciler reads its Gadget through a clientset of the
// pre-context API.
type WidgetReconciler struct {
	client.Client
	Gadgets widgetsv1.GadgetsGetter
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := r.Gadgets.Gadgets(w.Namespace).Get(w.Spec.GadgetName, metav1.GetOptions{}); err != nil {
		return ctrl.Result{}, nil // want `when the Gadget named by w.Spec.GadgetName is already deleted, its lookup fails with not-found and this return drops the error without requeueing`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizerName)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// ListerReconciler reads the ConfigMap from an informer's cache.
type ListerReconciler struct {
	client.Client
	Lister listers.ConfigMapLister
}

func (r *ListerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	svc := &corev1.Service{}
	if err := r.Get(ctx, req.NamespacedName, svc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := r.Lister.ConfigMaps(svc.Namespace).Get(svc.Labels["config"]); apierrors.IsNotFound(err) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when the ConfigMap named by svc.Labels\["config"\] is already deleted, this return keeps Service`
	} else if err != nil {
		return ctrl.Result{}, err
	}
	if !svc.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(svc, finalizerName)
		return ctrl.Result{}, r.Update(ctx, svc)
	}
	return ctrl.Result{}, nil
}

// GoodReconciler takes a missing ConfigMap for gone while deleting.
type GoodReconciler struct {
	client.Client
	Kube kubernetes.Interface
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	svc := &corev1.Service{}
	if err := r.Get(ctx, req.NamespacedName, svc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_, err := r.Kube.CoreV1().ConfigMaps(svc.Namespace).Get(ctx, svc.Labels["config"], metav1.GetOptions{})
	if apierrors.IsNotFound(err) && svc.DeletionTimestamp.IsZero() {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	if !svc.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(svc, finalizerName)
		return ctrl.Result{}, r.Update(ctx, svc)
	}
	return ctrl.Result{}, nil
}

// DeleteFirstReconciler handles deletion before it reads anything.
type DeleteFirstReconciler struct {
	client.Client
	Gadgets widgetsv1.GadgetsGetter
}

func (r *DeleteFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizerName)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if _, err := r.Gadgets.Gadgets(w.Namespace).Get(w.Spec.GadgetName, metav1.GetOptions{}); err != nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}
