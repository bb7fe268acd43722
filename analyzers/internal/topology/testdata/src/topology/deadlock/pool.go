package deadlock

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=pool.example.com,resources=pools;members,verbs=get;list;watch;create;update;delete
// +kubebuilder:rbac:groups=pool.example.com,resources=pools/finalizers;members/finalizers,verbs=update

type PoolReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *PoolReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Pool{}).
		Owns(&Member{}).
		Complete(r)
}

func (r *PoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pool := &Pool{}
	if err := r.Get(ctx, req.NamespacedName, pool); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !pool.DeletionTimestamp.IsZero() {
		return r.drain(ctx, pool)
	}
	if controllerutil.AddFinalizer(pool, PoolFinalizer) {
		if err := r.Update(ctx, pool); err != nil {
			return ctrl.Result{}, err
		}
	}
	m := &Member{ObjectMeta: metav1.ObjectMeta{Namespace: pool.Namespace, Name: pool.Name}}
	if err := controllerutil.SetControllerReference(pool, m, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, m)
}

// drain deletes the Pool's Member and keeps the finalizer until it is gone.
func (r *PoolReconciler) drain(ctx context.Context, pool *Pool) (ctrl.Result, error) {
	m := &Member{}
	err := r.Get(ctx, client.ObjectKey{Namespace: pool.Namespace, Name: pool.Name}, m)
	switch {
	case apierrors.IsNotFound(err):
		// Gone: the Pool may go.
	case err != nil:
		return ctrl.Result{}, err
	default:
		if err := r.Delete(ctx, m); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(pool, PoolFinalizer)
	return ctrl.Result{}, r.Update(ctx, pool)
}
