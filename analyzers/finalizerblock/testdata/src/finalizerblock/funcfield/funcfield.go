// Package funcfield holds reconcilers that read their dependencies through // want package:`order\(Grant needs Secret; releases Grant\)`
// struct fields of function type, set by their constructors: a call of the
// field runs whatever the package assigns to it.
package funcfield

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/revoke"

type GrantSpec struct{ SecretName string }

// Grant hands out the credentials of the Secret its spec names.
type Grant struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec GrantSpec
}

func (in *Grant) DeepCopyObject() runtime.Object { return in }

type secretFunc func(ctx context.Context, ns, name string) (*corev1.Secret, error)

// GrantReconciler reads the Secret through a field its constructor sets to
// a method value.
type GrantReconciler struct {
	client.Client
	secret secretFunc
}

func NewGrantReconciler(c client.Client) *GrantReconciler {
	r := &GrantReconciler{Client: c}
	r.secret = r.readSecret
	return r
}

// readSecret hands the client's error back as it is.
func (r *GrantReconciler) readSecret(ctx context.Context, ns, name string) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: ns, Name: name}, s); err != nil {
		return nil, err
	}
	return s, nil
}

func (r *GrantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Grant{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s, err := r.secret(ctx, g.Namespace, g.Spec.SecretName)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.secret reads is already deleted`
	}
	if !g.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(g, finalizer)
		return ctrl.Result{}, r.Update(ctx, g)
	}
	_ = s
	controllerutil.AddFinalizer(g, finalizer)
	return ctrl.Result{}, r.Update(ctx, g)
}

// OptionalReconciler's field, set in a struct literal to a function that
// answers a missing Secret with none, never fails for one.
type OptionalReconciler struct {
	client.Client
	secret secretFunc
}

func NewOptionalReconciler(c client.Client) *OptionalReconciler {
	r := &OptionalReconciler{Client: c}
	r.secret = func(ctx context.Context, ns, name string) (*corev1.Secret, error) {
		s := &corev1.Secret{}
		if err := c.Get(ctx, types.NamespacedName{Namespace: ns, Name: name}, s); err != nil {
			return nil, client.IgnoreNotFound(err)
		}
		return s, nil
	}
	return r
}

func (r *OptionalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Grant{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s, err := r.secret(ctx, g.Namespace, g.Spec.SecretName)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !g.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(g, finalizer)
		return ctrl.Result{}, r.Update(ctx, g)
	}
	_ = s
	controllerutil.AddFinalizer(g, finalizer)
	return ctrl.Result{}, r.Update(ctx, g)
}

// OrderedReconciler calls the same field only for a Grant that is not
// being deleted.
type OrderedReconciler struct {
	client.Client
	secret secretFunc
}

func NewOrderedReconciler(c client.Client) *OrderedReconciler {
	o := &OrderedReconciler{Client: c}
	g := NewGrantReconciler(c)
	o.secret = g.readSecret
	return o
}

func (r *OrderedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Grant{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !g.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(g, finalizer)
		return ctrl.Result{}, r.Update(ctx, g)
	}
	if _, err := r.secret(ctx, g.Namespace, g.Spec.SecretName); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.AddFinalizer(g, finalizer)
	return ctrl.Result{}, r.Update(ctx, g)
}
