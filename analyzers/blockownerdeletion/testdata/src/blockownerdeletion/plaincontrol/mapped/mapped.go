// Reproduces controllers that give each child a plain owner reference and
// watch the child's kind with Owns: Owns matches controller references
// only, so the Group controller, which watches Members with Owns alone, is
// never told of their changes; the Pool controller also watches its
// Volumes with a map function that finds the Pool by a label, so their
// changes reach it and the finding says only what foreground deletion
// misses.
package mapped

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Group struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Group) DeepCopyObject() runtime.Object { return in }

type Member struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Member) DeepCopyObject() runtime.Object { return in }

type Pool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Pool) DeepCopyObject() runtime.Object { return in }

type Volume struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Volume) DeepCopyObject() runtime.Object { return in }

const poolLabel = "example.com/pool"

type GroupReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *GroupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Group{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	m := &Member{ObjectMeta: metav1.ObjectMeta{Name: g.Name, Namespace: g.Namespace}}
	if err := controllerutil.SetOwnerReference(g, m, r.Scheme); err != nil { // want `plain owner reference without blockOwnerDeletion on the Member this controller creates for its Group: it is the only owner of the Member, so the reference is control in all but name, but a foreground deletion of the owner does not wait for the Member and Owns does not match the Member, so its changes do not reach this controller;`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, m))
}

func (r *GroupReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Group{}).Owns(&Member{}).Complete(r)
}

type PoolReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *PoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	p := &Pool{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	v := &Volume{ObjectMeta: metav1.ObjectMeta{Name: p.Name, Namespace: p.Namespace, Labels: map[string]string{poolLabel: p.Name}}}
	if err := controllerutil.SetOwnerReference(p, v, r.Scheme); err != nil { // want `plain owner reference without blockOwnerDeletion on the Volume this controller creates for its Pool: it is the only owner of the Volume, so the reference is control in all but name, but a foreground deletion of the owner does not wait for the Volume; make it`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, v))
}

func (r *PoolReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Pool{}).
		Owns(&Volume{}).
		Watches(&Volume{}, handler.EnqueueRequestsFromMapFunc(poolOf)).
		Complete(r)
}

// poolOf maps a Volume to the Pool its label names.
func poolOf(_ context.Context, o client.Object) []reconcile.Request {
	name := o.GetLabels()[poolLabel]
	if name == "" {
		return nil
	}
	return []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: o.GetNamespace(), Name: name}}}
}
