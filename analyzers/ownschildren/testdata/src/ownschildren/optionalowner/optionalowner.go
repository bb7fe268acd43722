// Reproduces controllers that call a helper of another package that loads
// a shared Secret and creates it, with a controller reference to an owner
// held in an options struct, only when given one. The Pool's controller
// calls it through a wrapper that passes nil: it creates no Secret. The
// Cluster's controller passes itself as the owner and does not watch
// Secrets.
package optionalowner

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"ownschildren/optionalowner/shared"
)

type Pool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Pool) DeepCopyObject() runtime.Object { return in }

type Cluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Cluster) DeepCopyObject() runtime.Object { return in }

type PoolReconciler struct {
	client.Client
}

func (r *PoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	p := &Pool{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_, err := shared.LoadShared(ctx, r.Client, p.Namespace)
	return ctrl.Result{}, err
}

func (r *PoolReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Pool{}).Complete(r)
}

type ClusterReconciler struct {
	client.Client
}

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cl := &Cluster{}
	if err := r.Get(ctx, req.NamespacedName, cl); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_, err := shared.LoadOrCreate(ctx, r.Client, cl.Namespace, shared.NewOwnerInfo(cl, r.Scheme())) // want `corev1.Secret is created with a controller reference to Cluster but its controller does not watch it`
	return ctrl.Result{}, err
}

func (r *ClusterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Cluster{}).Complete(r)
}
