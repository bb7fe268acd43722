// Reproduces an operator that adopts the Service a user made for its Memcached through a client-go typed clientset: it Gets it, makes the Memcached its controller and Updates it. The Service exists already and is not created here, so it is no child the builder must watch.
package typedupdate

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
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
	services := r.Clientset.CoreV1().Services(m.Namespace)
	svc, err := services.Get(ctx, m.Name, metav1.GetOptions{})
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetControllerReference(m, svc, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	_, err = services.Update(ctx, svc, metav1.UpdateOptions{})
	return ctrl.Result{}, err
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
