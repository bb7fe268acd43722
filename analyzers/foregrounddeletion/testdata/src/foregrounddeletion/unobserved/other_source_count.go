package unobserved

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// podSet holds Pods read at the start of a pass.
type podSet struct {
	pods []*corev1.Pod
}

func (t *podSet) owned() []*corev1.Pod { return t.pods }
func (t *podSet) failed() int          { return 0 }

type setScope struct {
	obj            *corev1.ConfigMap
	deleted, other *podSet
}

type OtherSourceCount struct {
	client.Client
}

// reconcileDelete counts a set other than the one it deleted from: the
// removal can follow the Delete in the same pass.
func (r *OtherSourceCount) reconcileDelete(ctx context.Context, s *setScope) (ctrl.Result, error) {
	children := s.deleted.owned()
	for _, child := range children {
		if err := r.Delete(ctx, child); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Pod without observing that the Pod is gone`
			return ctrl.Result{}, err
		}
	}
	if s.other.failed() > 0 {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	controllerutil.RemoveFinalizer(s.obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, s.obj)
}

func (r *OtherSourceCount) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return r.reconcileDelete(ctx, &setScope{obj: obj, deleted: &podSet{}, other: &podSet{}})
}
