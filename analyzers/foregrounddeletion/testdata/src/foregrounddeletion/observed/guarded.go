// Reproduces deletion code that cannot release the finalizer right after a
// Delete: a helper whose "done" result is false after every Delete (true
// only when the object records nothing left) with the caller returning while
// not done, and a count of the list read before deleting that requeues
// whenever anything was deleted.
package observed

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type NotDoneHelper struct {
	client.Client
}

// deleteCredentials returns done only when the object records no Secret
// left to delete.
func (r *NotDoneHelper) deleteCredentials(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	name := obj.Data["credentials"]
	if name == "" {
		return true, nil
	}
	s := &corev1.Secret{}
	s.Namespace, s.Name = obj.Namespace, name
	if err := r.Delete(ctx, s); err != nil {
		return false, err
	}
	delete(obj.Data, "credentials")
	return false, r.Update(ctx, obj)
}

func (r *NotDoneHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	done, err := r.deleteCredentials(ctx, obj)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !done {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}

type CountedList struct {
	client.Client
}

func (r *CountedList) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
		if err := r.Delete(ctx, &pods.Items[i]); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	if len(pods.Items) > 0 {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// podList is a list of Pods, as corev1.PodList.
type podList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []corev1.Pod
}

func (in *podList) DeepCopyObject() runtime.Object { return in }
