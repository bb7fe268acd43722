package nodetree // want package:`byName\(; 3 pairs\)`

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// A Report is owned by its Pipeline and by nothing else (no tree), so its
// lookup of the Pipeline by a name in its spec is the bug.
type Report struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ReportSpec
}

type ReportSpec struct {
	PipelineName string
}

func (in *Report) DeepCopyObject() runtime.Object   { return in }
func (in *Report) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type ReportReconciler struct{ client.Client }

func (r *ReportReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	rep := &Report{}
	if err := r.Get(ctx, req.NamespacedName, rep); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	p := &Pipeline{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: rep.Namespace, Name: rep.Spec.PipelineName}, p); err != nil { // want `Get of the owning Pipeline by a name taken from the object's spec`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

func (r *ReportReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Report{}).Complete(r)
}

type ReportOwnerReconciler struct{ client.Client }

func (r *ReportOwnerReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *ReportOwnerReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:"owners\\(ownerbyref/nodetree.Pipeline>ownerbyref/nodetree.Report\\)"
	return ctrl.NewControllerManagedBy(mgr).For(&Pipeline{}).Owns(&Report{}).Complete(r)
}
