// Package shapes holds the controller shapes the topology analysis must
// read beyond the graph tests' operators: watches with an owner handler and
// with a map function, a deletion through the runtime's finalizer.Runner
// and cascade.DeleteAndWait, an owner found through the owner references,
// a Delete outside deletion code, and a controller of a kind set at run
// time, which polls every minute.
package shapes

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/deletionlint/deletionlint/runtime/cascade"
	"github.com/deletionlint/deletionlint/runtime/finalizer"
)

type Bucket struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Bucket) DeepCopyObject() runtime.Object { return in }

type InfraCluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *InfraCluster) DeepCopyObject() runtime.Object { return in }

// BucketReconciler deletes the Bucket's Secret in the Cleanup of a
// finalizer.Runner and waits for it to be gone.
type BucketReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *BucketReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Bucket{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestForOwner(r.Scheme, nil, &Bucket{}, handler.OnlyControllerOwner())).
		Watches(&corev1.ConfigMap{}, handler.EnqueueRequestsFromMapFunc(r.configMapToBuckets)).
		Complete(r)
}

func (r *BucketReconciler) configMapToBuckets(ctx context.Context, obj client.Object) []reconcile.Request {
	return nil
}

func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &Bucket{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	fin := finalizer.Runner{Client: r.Client, Name: "buckets.example.com/secret", Cleanup: r.cleanup}
	if res, err := fin.Reconcile(ctx, b); err != nil || !b.DeletionTimestamp.IsZero() {
		return res, err
	}
	// A stale ConfigMap is deleted in normal code: not a deletion of the
	// Bucket's.
	stale := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: b.Namespace, Name: b.Name + "-old"}}
	return ctrl.Result{}, client.IgnoreNotFound(r.Delete(ctx, stale))
}

func (r *BucketReconciler) cleanup(ctx context.Context, obj client.Object) error {
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: obj.GetNamespace(), Name: obj.GetName()}}
	_, err := cascade.DeleteAndWait(ctx, r.Client, secret, metav1.DeletePropagationForeground)
	return err
}

// InfraClusterReconciler finds its Cluster through its owner references.
type InfraClusterReconciler struct {
	client.Client
}

func (r *InfraClusterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&InfraCluster{}).
		Complete(r)
}

func (r *InfraClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ic := &InfraCluster{}
	if err := r.Get(ctx, req.NamespacedName, ic); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, ic.ObjectMeta)
	if err != nil || cluster == nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Generic reconciles objects of a kind named at run time.
type Generic struct {
	client.Client
	GVK schema.GroupVersionKind
}

func (r *Generic) SetupWithManager(mgr ctrl.Manager) error {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(r.GVK)
	return ctrl.NewControllerManagedBy(mgr).For(u).Complete(r)
}

func (r *Generic) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}
