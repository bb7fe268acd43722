// Package nofinalizer is an operator whose kind holds no finalizer: a
// Dashboard's controller keeps a ConfigMap and a Service for it, watches
// both, and leaves their deletion to the garbage collector.
package nofinalizer

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// GroupVersion is the API's group and version.
var GroupVersion = schema.GroupVersion{Group: "ui.example.com", Version: "v1"}

type Dashboard struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Dashboard) DeepCopyObject() runtime.Object { return in }

// +kubebuilder:rbac:groups=ui.example.com,resources=dashboards,verbs=get;list;watch
// +kubebuilder:rbac:groups=ui.example.com,resources=dashboards/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=configmaps;services,verbs=get;list;watch;create;update

type DashboardReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *DashboardReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Dashboard{}).
		Owns(&corev1.ConfigMap{}).
		Owns(&corev1.Service{}).
		Complete(r)
}

func (r *DashboardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &Dashboard{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: d.Namespace, Name: d.Name}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		return controllerutil.SetControllerReference(d, cm, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: d.Namespace, Name: d.Name}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, svc, func() error {
		return controllerutil.SetControllerReference(d, svc, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
