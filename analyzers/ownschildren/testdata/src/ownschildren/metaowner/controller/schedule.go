// A second controller that creates an object owned by another kind (the Database it backs up), not by the Schedule it reconciles: not its controlled child.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"ownschildren/metaowner/dbapi"
)

type ScheduleReconciler struct {
	client.Client
}

func (r *ScheduleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &dbapi.Schedule{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	db := &dbapi.Database{}
	if err := r.Get(ctx, types.NamespacedName{Name: s.Database, Namespace: s.Namespace}, db); err != nil {
		return ctrl.Result{}, err
	}
	record := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: s.Name + "-last", Namespace: s.Namespace}}
	db.SetOwnership(&record.ObjectMeta)
	return ctrl.Result{}, r.Create(ctx, record)
}

func (r *ScheduleReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&dbapi.Schedule{}).
		Complete(r)
}
