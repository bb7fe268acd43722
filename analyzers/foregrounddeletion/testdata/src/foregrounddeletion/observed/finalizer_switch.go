// Reproduces a deletion that ranges over the object's finalizers, switches
// on each name to run its cleanup (each a helper that returns its Delete's
// error), and keeps the finalizers whose cleanup failed in the list it
// writes back, through a re-read object in a retry closure: a failed Delete
// keeps its finalizer, so the failure is observed.
package observed

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	dropCertsFinalizer = "example.com/drop-certs"
	dropSetFinalizer   = "example.com/drop-set"
)

type FinalizerSwitch struct {
	client.Client
}

func (r *FinalizerSwitch) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	var err error
	kept := []string{}
	for _, name := range obj.GetFinalizers() {
		switch name {
		case dropCertsFinalizer:
			err = r.dropCerts(ctx, obj)
		case dropSetFinalizer:
			switch obj.Data["mode"] {
			case "keep-volumes":
				err = nil
			default:
				err = r.dropSet(ctx, obj)
			}
		}
		if err != nil {
			kept = append(kept, name)
		}
	}
	err = retry(func() error {
		latest := &corev1.ConfigMap{}
		if err := r.Get(ctx, req.NamespacedName, latest); err != nil {
			return err
		}
		latest.SetFinalizers(kept)
		return r.Update(ctx, latest)
	})
	return ctrl.Result{}, err
}

func (r *FinalizerSwitch) dropCerts(ctx context.Context, obj *corev1.ConfigMap) error {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: obj.Namespace, Name: obj.Name + "-tls"}}
	return client.IgnoreNotFound(r.Delete(ctx, s))
}

func (r *FinalizerSwitch) dropSet(ctx context.Context, obj *corev1.ConfigMap) error {
	set := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Namespace: obj.Namespace, Name: obj.Name}}
	return client.IgnoreNotFound(r.Delete(ctx, set))
}

// retry runs fn until it succeeds or fails for good.
func retry(fn func() error) error { return fn() }
