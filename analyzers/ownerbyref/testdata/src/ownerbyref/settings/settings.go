// A multi-tenant operator whose Tenant owns every namespaced resource by convention (owner-kinds setting), looked up by an annotation.
package settings

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Tenant struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Tenant) DeepCopyObject() runtime.Object   { return in }
func (in *Tenant) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Quota struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Quota) DeepCopyObject() runtime.Object   { return in }
func (in *Quota) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type QuotaReconciler struct{ client.Client }

func (r *QuotaReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	q := &Quota{}
	if err := r.Get(ctx, req.NamespacedName, q); err != nil {
		return reconcile.Result{}, err
	}
	t := &Tenant{}
	err := r.Get(ctx, client.ObjectKey{Name: q.Annotations["example.com/tenant"]}, t) // want `Get of the owning Tenant by a name taken from an annotation of the object`
	return reconcile.Result{}, err
}
