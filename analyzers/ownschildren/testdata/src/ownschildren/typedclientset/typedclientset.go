// Reproduces an operator whose children are all written through a client-go typed clientset in a helper package: the StatefulSet it applies is not watched, the ConfigMap it creates or updates is.
package typedclientset

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/typedclientset/workload"
)

type MemcachedReconciler struct {
	client.Client
	Clientset kubernetes.Interface
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := workload.ApplyStatefulSet(ctx, r.Clientset, m); err != nil { // want `appsv1.StatefulSet is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, workload.EnsureConfig(ctx, r.Clientset, m)
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&corev1.ConfigMap{}).Complete(r)
}
