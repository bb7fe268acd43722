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

// A School's deletion feeds its Fish one last time; a Fish whose feed is
// gone is skipped (the error of feed is dropped with continue), so no
// missing Secret keeps the School: nothing is reported.
type School struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Fish []string }
}

func (s *School) DeepCopyObject() runtime.Object { return s }

const schoolFinalizer = "water.example.com/school"

type SchoolReconciler struct {
	client.Client
}

func (r *SchoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &School{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(s, schoolFinalizer)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	if err := r.lastMeal(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(s, schoolFinalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

// lastMeal feeds each Fish the School names, skipping those it cannot.
func (r *SchoolReconciler) lastMeal(ctx context.Context, s *School) error {
	for _, name := range s.Spec.Fish {
		f := &Fish{}
		if err := r.Get(ctx, client.ObjectKey{Namespace: s.Namespace, Name: name}, f); err != nil {
			return client.IgnoreNotFound(err)
		}
		secret, err := r.feed(ctx, f)
		if err != nil {
			continue
		}
		_ = secret
	}
	return nil
}

// feed reads the feed Secret the Fish's Pond names, handing its errors on.
func (r *SchoolReconciler) feed(ctx context.Context, f *Fish) (*corev1.Secret, error) {
	p := &Pond{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: f.Namespace, Name: f.Spec.Pond}, p); err != nil {
		return nil, err
	}
	sec := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: p.Namespace, Name: p.Spec.FeedSecret}, sec); err != nil {
		return nil, err
	}
	return sec, nil
}
