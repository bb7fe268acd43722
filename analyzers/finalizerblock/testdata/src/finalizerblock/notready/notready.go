// Package notready reproduces reconcilers that wait for an owner or a
// dependency to be ready before they test their own deletion: a dependency
// whose provisioning failed, or that is being deleted itself, is never
// ready again, and the object waiting for it can never be deleted. The
// same waits after the deletion branch, or on a live object only, are
// correct.
package notready

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const fin = "infra.example.com/machine"

type Cluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status ClusterStatus
}

type ClusterStatus struct {
	Initialization struct{ InfrastructureProvisioned bool }
	Conditions     []metav1.Condition
}

func (in *Cluster) DeepCopyObject() runtime.Object { return in }

// IsReady reports whether the cluster's infrastructure is provisioned.
func (in *Cluster) IsReady() bool { return in.Status.Initialization.InfrastructureProvisioned }

type Machine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   MachineSpec
	Status MachineStatus
}

type MachineSpec struct{ ClusterName string }

type MachineStatus struct{ Ready bool }

type Bucket struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status BucketStatus
}

type BucketStatus struct {
	Provisioned *bool
	Failed      bool
}

func (in *Bucket) DeepCopyObject() runtime.Object { return in }

func (in *Machine) DeepCopyObject() runtime.Object { return in }

func clusterKey(m *Machine) types.NamespacedName {
	return types.NamespacedName{Namespace: m.Namespace, Name: m.Spec.ClusterName}
}

// FieldReconciler waits for the Cluster's infrastructure before anything.
type FieldReconciler struct{ client.Client }

func (r *FieldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster := &Cluster{}
	if err := r.Get(ctx, clusterKey(m), cluster); err != nil {
		return ctrl.Result{}, err // want `when the Cluster read with key clusterKey\(m\) is already deleted`
	}
	if !cluster.Status.Initialization.InfrastructureProvisioned {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `^while the Cluster read with key clusterKey\(m\) is not ready \(cluster.Status.Initialization.InfrastructureProvisioned\), this return keeps Machine from ever reaching the removal of finalizer "infra.example.com/machine" while it is being deleted: a Cluster that never becomes ready \(its provisioning failed, or it is being deleted\) holds the deletion forever: test deletion before waiting for it$`
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, fin)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}

// ConditionReconciler waits for the Cluster's Ready condition.
type ConditionReconciler struct{ client.Client }

func (r *ConditionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster := &Cluster{}
	if err := r.Get(ctx, clusterKey(m), cluster); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if !meta.IsStatusConditionTrue(cluster.Status.Conditions, "Ready") {
		return ctrl.Result{}, nil // want `^while the Cluster read with key clusterKey\(m\) is not ready \(meta.IsStatusConditionTrue\(cluster.Status.Conditions, "Ready"\)\), this return keeps Machine`
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, fin)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}

// MethodReconciler asks the Cluster itself, and tests deletion inside
// the wait: a Machine being deleted goes on.
type MethodReconciler struct{ client.Client }

func (r *MethodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster := &Cluster{}
	if err := r.Get(ctx, clusterKey(m), cluster); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if !cluster.IsReady() && m.DeletionTimestamp.IsZero() {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, fin)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}

// AfterDeletionReconciler waits only on the way to reconciling a live
// Machine.
type AfterDeletionReconciler struct{ client.Client }

func (r *AfterDeletionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, fin)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	cluster := &Cluster{}
	if err := r.Get(ctx, clusterKey(m), cluster); err != nil {
		return ctrl.Result{}, err
	}
	if !cluster.IsReady() {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, nil
}

// OwnStatusReconciler tests its own object's readiness: no dependency.
type OwnStatusReconciler struct{ client.Client }

func (r *OwnStatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.Status.Ready {
		return ctrl.Result{}, nil
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, fin)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}

// PointerReconciler waits for a Bucket named by an annotation, whose
// readiness is a pointer under its status.
type PointerReconciler struct{ client.Client }

func (r *PointerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	b := &Bucket{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: m.Namespace, Name: m.Annotations["example.com/bucket"]}, b); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if !ptr.Deref(b.Status.Provisioned, false) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `^while the Bucket named by m.Annotations\["example.com/bucket"\] is not ready \(ptr.Deref\(b.Status.Provisioned, false\)\)`
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, fin)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}

// FailedReconciler stops on a failed Bucket: a test of failure, not of
// readiness, ends nothing a healthy or deleted Bucket would.
type FailedReconciler struct{ client.Client }

func (r *FailedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	b := &Bucket{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: m.Namespace, Name: m.Annotations["example.com/bucket"]}, b); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if b.Status.Failed {
		return ctrl.Result{}, nil
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, fin)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}
