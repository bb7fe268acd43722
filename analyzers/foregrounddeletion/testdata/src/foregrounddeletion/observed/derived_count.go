package observed

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// podTree holds the Pods read for an object at the start of a pass.
type podTree struct {
	pods []*corev1.Pod
}

// owned returns the Pods to delete.
func (t *podTree) owned() []*corev1.Pod { return t.pods }

// pending counts the Pods not yet gone, those deleted in this pass included.
func (t *podTree) pending() int { return len(t.pods) }

type treeScope struct {
	obj  *corev1.ConfigMap
	tree *podTree
}

type DerivedCount struct {
	client.Client
}

// reconcileDelete deletes the Pods a method of the scope's tree gives, then
// requeues while another method of the same tree counts any: the removal
// never follows a Delete in the same pass.
func (r *DerivedCount) reconcileDelete(ctx context.Context, s *treeScope) (ctrl.Result, error) {
	children := s.tree.owned()
	for _, child := range children {
		if err := r.Delete(ctx, child); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	if n := s.tree.pending(); n > 0 {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	controllerutil.RemoveFinalizer(s.obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, s.obj)
}

func (r *DerivedCount) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return r.reconcileDelete(ctx, &treeScope{obj: obj, tree: &podTree{}})
}
