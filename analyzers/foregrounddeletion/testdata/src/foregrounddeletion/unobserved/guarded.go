// Reproduces deletion code whose guards do not hold the finalizer after a
// Delete: a helper that reports done right after deleting, and a count of
// a list other than the one deleted from.
package unobserved

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type DoneHelper struct {
	client.Client
}

// deleteCredentials reports done as soon as the Delete is accepted.
func (r *DoneHelper) deleteCredentials(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	s := &storage.Volume{}
	s.Namespace, s.Name = obj.Namespace, obj.Name
	if err := r.Delete(ctx, s); client.IgnoreNotFound(err) != nil {
		return false, err
	}
	return true, nil
}

func (r *DoneHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	done, err := r.deleteCredentials(ctx, obj) // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
	if err != nil {
		return ctrl.Result{}, err
	}
	if !done {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}

type OtherCount struct {
	client.Client
}

func (r *OtherCount) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	pods := &podList{}
	if err := r.List(ctx, pods, client.InNamespace(obj.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Pod without observing that the Pod is gone`
			return ctrl.Result{}, err
		}
	}
	if len(obj.Finalizers) > 0 {
		controllerutil.RemoveFinalizer(obj, finalizerName)
	}
	return ctrl.Result{}, r.Update(ctx, obj)
}

// podList is a list of Pods, as corev1.PodList.
type podList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []corev1.Pod
}

func (in *podList) DeepCopyObject() runtime.Object { return in }
