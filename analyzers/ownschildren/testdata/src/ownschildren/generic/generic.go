// Reproduces a generic in-package ensure helper and a generic reconciler, with the runtime's ownership.SetControllerReference.
package generic

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/ownership"

	cachev1 "ownschildren/api/v1"
)

type Reconciler[T client.Object] struct {
	client.Client
	Scheme *runtime.Scheme
}

func ensure[C client.Object](ctx context.Context, c client.Client, owner client.Object, child C, scheme *runtime.Scheme) error {
	if err := ownership.SetControllerReference(owner, child, scheme); err != nil {
		return err
	}
	return c.Create(ctx, child)
}

func (r *Reconciler[T]) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := ensure(ctx, r.Client, m, &appsv1.DaemonSet{}, r.Scheme); err != nil { // want `appsv1.DaemonSet is created with a controller reference to cachev1.Memcached`
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{}
	isController := true
	svc.SetOwnerReferences([]metav1.OwnerReference{{Name: m.Name, UID: m.UID, Controller: &isController, BlockOwnerDeletion: ptr.To(true)}}) // want `corev1.Service is created with a controller reference to cachev1.Memcached`
	return ctrl.Result{}, r.Create(ctx, svc)
}

func Setup(mgr ctrl.Manager) error {
	r := &Reconciler[*cachev1.Memcached]{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
