// Reproduces controllers that give their children a controller owner
// reference without blockOwnerDeletion. The Pipeline's deletion lists its
// Stages and requeues while any is left before releasing its finalizer: a
// Pipeline cannot be gone before its Stages, whatever the references say.
// The Batch's deletion releases its finalizer at once: a foreground
// deletion of a Batch does not wait for its Steps.
package ownerwaits

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/ownerwaits/api"
)

const finalizer = "example.com/stages"

type PipelineReconciler struct {
	client.Client
}

func (r *PipelineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	p := &api.Pipeline{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !p.DeletionTimestamp.IsZero() {
		stages := &api.StageList{}
		if err := r.List(ctx, stages, client.InNamespace(p.Namespace), client.MatchingLabels{"pipeline": p.Name}); err != nil {
			return ctrl.Result{}, err
		}
		if len(stages.Items) > 0 {
			return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
		}
		controllerutil.RemoveFinalizer(p, finalizer)
		return ctrl.Result{}, r.Update(ctx, p)
	}
	s := &api.Stage{}
	s.Namespace, s.Name = p.Namespace, p.Name+"-build"
	s.Labels = map[string]string{"pipeline": p.Name}
	s.OwnerReferences = []metav1.OwnerReference{{
		APIVersion: "example.com/v1",
		Kind:       "Pipeline",
		Name:       p.Name,
		UID:        p.UID,
		Controller: ptr.To(true),
	}}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, s))
}

type BatchReconciler struct {
	client.Client
}

func (r *BatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &api.Batch{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !b.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(b, finalizer)
		return ctrl.Result{}, r.Update(ctx, b)
	}
	s := &api.Step{}
	s.Namespace, s.Name = b.Namespace, b.Name+"-first"
	s.OwnerReferences = []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion`
		APIVersion: "example.com/v1",
		Kind:       "Batch",
		Name:       b.GetName(),
		UID:        b.GetUID(),
		Controller: ptr.To(true),
	}}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, s))
}
