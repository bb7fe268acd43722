// Package configs reproduces a sub-reconciler of one part of a resource:
// its Reconcile, a method of the same name as its callers', sets the
// controller reference of the ConfigMap it keeps.
package configs

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

type ConfigReconciler struct {
	Client client.Client
	Scheme *runtime.Scheme
}

func (r *ConfigReconciler) Reconcile(ctx context.Context, m *cachev1.Memcached) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: m.Name + "-config", Namespace: m.Namespace}}
	if err := controllerutil.SetControllerReference(m, cm, r.Scheme); err != nil {
		return err
	}
	return client.IgnoreAlreadyExists(r.Client.Create(ctx, cm))
}
