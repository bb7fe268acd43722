// Reproduces helpers that answer a missing parent with no result and a nil
// error but hand on the error of a read they make through the parent: a
// Fish's feed Secret is named by its Pond. The error FishReconciler gets
// back is the Secret's, never the Pond's: the finding names the Secret, and
// PondReconciler, whose deletion does not wait for Fish, is not told to,
// since a Fish whose Pond is gone is deleted all the same.
package toleratedread

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Pond struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ FeedSecret string }
}

func (p *Pond) DeepCopyObject() runtime.Object { return p }

type Fish struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Pond string }
}

func (f *Fish) DeepCopyObject() runtime.Object { return f }

const (
	pondFinalizer = "water.example.com/pond"
	fishFinalizer = "water.example.com/fish"
)

type PondReconciler struct {
	client.Client
}

func (r *PondReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	p := &Pond{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !p.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(p, pondFinalizer)
		return ctrl.Result{}, r.Update(ctx, p)
	}
	controllerutil.AddFinalizer(p, pondFinalizer)
	return ctrl.Result{}, r.Update(ctx, p)
}

type FishReconciler struct {
	client.Client
}

func (r *FishReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	f := &Fish{}
	if err := r.Get(ctx, req.NamespacedName, f); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	feed, err := r.pondFeed(ctx, f)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.pondFeed reads is already deleted, this return keeps Fish from ever reaching the removal of finalizer "water.example.com/fish" while it is being deleted`
	}
	if !f.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(f, fishFinalizer)
		return ctrl.Result{}, r.Update(ctx, f)
	}
	if feed == nil {
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(f, fishFinalizer)
	return ctrl.Result{}, r.Update(ctx, f)
}

// pondFeed reads the feed Secret of the Fish's Pond; nil when the Pond is
// gone.
func (r *FishReconciler) pondFeed(ctx context.Context, f *Fish) (*corev1.Secret, error) {
	p := &Pond{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: f.Namespace, Name: f.Spec.Pond}, p); err != nil {
		return nil, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: p.Namespace, Name: p.Spec.FeedSecret}, s); err != nil {
		return nil, err
	}
	return s, nil
}
