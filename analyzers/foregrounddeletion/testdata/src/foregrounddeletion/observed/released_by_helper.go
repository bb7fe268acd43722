// Reproduces a deletion that drops its owner reference from a shared
// object through a helper of the package (given the object and a function
// that computes its new owners), and deletes the shared object once no
// owner is left: the object was released first, so it is no dependent the
// deletion must see gone.
package observed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ReleasedByHelper struct {
	client.Client
}

func (r *ReleasedByHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	pool := &corev1.Pod{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: obj.Data["pool"]}, pool); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	} else if err == nil {
		if err := withOwners(ctx, r.Client, pool, func() []metav1.OwnerReference { return without(pool.OwnerReferences, obj.Name) }); err != nil {
			return ctrl.Result{}, err
		}
		if len(pool.OwnerReferences) == 0 {
			if err := r.Delete(ctx, pool); client.IgnoreNotFound(err) != nil {
				return ctrl.Result{}, err
			}
		}
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// withOwners sets the owners refs computes on obj and writes it back.
func withOwners(ctx context.Context, c client.Client, obj client.Object, refs func() []metav1.OwnerReference) error {
	obj.SetOwnerReferences(refs())
	return c.Update(ctx, obj)
}

// without returns refs without the reference to the owner named name.
func without(refs []metav1.OwnerReference, name string) []metav1.OwnerReference {
	var out []metav1.OwnerReference
	for _, r := range refs {
		if r.Name != name {
			out = append(out, r)
		}
	}
	return out
}
