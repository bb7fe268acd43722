// Reproduces a database operator whose controller makes its ServiceAccount, ConfigMap, Service and Secret controlled children (the Secret's owner set on metadata of its own that becomes the Secret's) through the API type's ownership method (two packages away, on &child.ObjectMeta) and creates them through a generic Apply, with a builder that watches only the Service.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"ownschildren/metaowner/dbapi"
	"ownschildren/metaowner/kube"
)

type DatabaseReconciler struct {
	client.Client
}

func (r *DatabaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &dbapi.Database{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.createServiceAccount(ctx, db); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: db.Name, Namespace: db.Namespace}}
	db.SetOwnership(&cm.ObjectMeta) // want `corev1.ConfigMap is created with a controller reference to dbapi.Database but its controller does not watch it`
	if err := kube.Apply(ctx, r.Client, cm); err != nil {
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: db.Name, Namespace: db.Namespace}}
	db.SetOwnership(&svc.ObjectMeta)
	if err := kube.Apply(ctx, r.Client, svc); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.createSecret(ctx, db)
}

// createSecret sets the owner on metadata of its own, which becomes the
// Secret's.
func (r *DatabaseReconciler) createSecret(ctx context.Context, db *dbapi.Database) error {
	meta := metav1.ObjectMeta{Name: db.Name, Namespace: db.Namespace}
	db.SetOwnership(&meta) // want `corev1.Secret is created with a controller reference to dbapi.Database but its controller does not watch it`
	s := &corev1.Secret{ObjectMeta: meta}
	return kube.Apply(ctx, r.Client, s)
}

func (r *DatabaseReconciler) createServiceAccount(ctx context.Context, db *dbapi.Database) error {
	sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: db.Name, Namespace: db.Namespace}}
	db.SetOwnership(&sa.ObjectMeta) // want `corev1.ServiceAccount is created with a controller reference to dbapi.Database but its controller does not watch it`
	return r.Create(ctx, sa)
}

func (r *DatabaseReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&dbapi.Database{}).
		Owns(&corev1.Service{}).
		Complete(r)
}
