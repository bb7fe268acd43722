// Reproduces gating through a helper of another package on a condition's observedGeneration, before a typed-clientset create.
package gate

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "driftgate/api/v1"
	"driftgate/gate/conditions"
)

type HelperReconciler struct {
	client.Client
	Kube kubernetes.Interface
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, err
	}
	var ready *metav1.Condition
	if len(m.Status.Conditions) > 0 {
		ready = &m.Status.Conditions[0]
	}
	if conditions.Observed(m, ready) {
		return ctrl.Result{}, nil // want `this return skips the children when generation equals status.observedGeneration`
	}
	sts := &appsv1.StatefulSet{}
	if err := ctrl.SetControllerReference(m, sts, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	_, err := r.Kube.AppsV1().StatefulSets(m.Namespace).Create(ctx, sts, metav1.CreateOptions{})
	return ctrl.Result{}, err
}

func (r *HelperReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&appsv1.StatefulSet{}).Complete(r)
}
