// Reproduces a reconciler that reaches its object through an interface-typed // want package:`order\(Object needs Secret; releases Object\)`
// scope, which hands out a copy of the object's metadata and the object as
// a client.Object: the deletion is tested on the metadata copy. A message
// names such an object "the object", never its metadata's type.
package metacopy

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/machine"

// Scope is what the reconciler knows of its object.
type Scope interface {
	Meta() metav1.ObjectMeta
	Object() client.Object
}

// Service fetches the reconciled object's scope.
type Service interface {
	Fetch(ctx context.Context, key client.ObjectKey) (Scope, error)
}

type MachineReconciler struct {
	client.Client
	Svc Service
}

func (r *MachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s, err := r.Svc.Fetch(ctx, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	creds := &corev1.Secret{}
	key := client.ObjectKey{Namespace: s.Meta().Namespace, Name: s.Meta().Annotations["example.com/credentials"]}
	if err := r.Get(ctx, key, creds); err != nil {
		return ctrl.Result{}, err // want `this return keeps the object from ever reaching the removal of finalizer "example.com/machine"`
	}
	if !s.Meta().DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, s)
	}
	if controllerutil.AddFinalizer(s.Object(), finalizer) {
		return ctrl.Result{}, r.Update(ctx, s.Object())
	}
	_ = creds
	return ctrl.Result{}, nil
}

func (r *MachineReconciler) reconcileDelete(ctx context.Context, s Scope) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(s.Object(), finalizer)
	return ctrl.Result{}, r.Update(ctx, s.Object())
}
