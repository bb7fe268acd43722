// Package nodetree reproduces an operator whose Pipeline runs a tree of
// Steps: the Pipeline owns the root Step, each Step owns the Steps below
// it, and every Step carries the Pipeline's name in its spec, stamped when
// it was made. A Step reads the Pipeline by that name for its definition:
// its controller owner is its parent Step, so the owner references would
// not reach the Pipeline, and the lookup is not reported.
package nodetree

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Pipeline struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Pipeline) DeepCopyObject() runtime.Object   { return in }
func (in *Pipeline) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Step struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec StepSpec
}

type StepSpec struct {
	PipelineName string
}

func (in *Step) DeepCopyObject() runtime.Object   { return in }
func (in *Step) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type PipelineReconciler struct{ client.Client }

func (r *PipelineReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *PipelineReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:"owners\\(ownerbyref/nodetree.Pipeline>ownerbyref/nodetree.Step\\)"
	return ctrl.NewControllerManagedBy(mgr).For(&Pipeline{}).Owns(&Step{}).Complete(r)
}

type StepReconciler struct{ client.Client }

func (r *StepReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	step := &Step{}
	if err := r.Get(ctx, req.NamespacedName, step); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	p := &Pipeline{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: step.Namespace, Name: step.Spec.PipelineName}, p); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

func (r *StepReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:"owners\\(ownerbyref/nodetree.Step>ownerbyref/nodetree.Step\\)"
	return ctrl.NewControllerManagedBy(mgr).For(&Step{}).Owns(&Step{}).Complete(r)
}
