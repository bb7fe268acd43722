// Reproduces an operator that creates its StatefulSet through a client-go typed clientset with an owner-reference helper.
package clientset

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"

	cachev1 "ownschildren/api/v1"
)

type Reconciler struct {
	kclient kubernetes.Interface
}

func ownerRef(m *cachev1.Memcached) metav1.OwnerReference {
	return metav1.OwnerReference{
		APIVersion:         "cache.example.com/v1",
		Kind:               "Memcached",
		Name:               m.Name,
		UID:                m.UID,
		Controller:         ptr.To(true),
		BlockOwnerDeletion: ptr.To(true),
	}
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	sts := &appsv1.StatefulSet{}
	sts.OwnerReferences = append(sts.OwnerReferences, ownerRef(m)) // want `appsv1.StatefulSet is created with a controller reference to cachev1.Memcached`
	_, err := r.kclient.AppsV1().StatefulSets(req.Namespace).Create(ctx, sts, metav1.CreateOptions{})
	return ctrl.Result{}, err
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
