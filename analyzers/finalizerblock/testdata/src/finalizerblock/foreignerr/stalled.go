package foreignerr

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const volumeFinalizer = "example.com/volume"

// Volume is a cloud disk whose spec names the Secret with the keys that
// unmount it.
type Volume struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec VolumeSpec
}

type VolumeSpec struct {
	KeySecret string
	Zone      string
}

func (in *Volume) DeepCopyObject() runtime.Object { return in }

// specProblem says the spec cannot be acted on as written. Its values are
// all made here, from a message: none holds a lookup's error.
type specProblem struct{ error }

func newSpecProblem(format string, args ...any) error {
	return specProblem{fmt.Errorf(format, args...)}
}

var errNoZone = newSpecProblem("spec.zone is empty")

// isSpecProblem is an errors.As test and nothing else.
func isSpecProblem(err error) bool {
	var p specProblem
	return errors.As(err, &p)
}

// keysUnusable wraps the error of the key Secret's read.
type keysUnusable struct{ cause error }

func (e keysUnusable) Error() string { return "keys unusable: " + e.cause.Error() }

func isKeysUnusable(err error) bool {
	var k keysUnusable
	return errors.As(err, &k)
}

type VolumeReconciler struct {
	client.Client
}

func (r *VolumeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	v := &Volume{}
	if err := r.Get(ctx, req.NamespacedName, v); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if v.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.unmount(ctx, v); err != nil {
		if isSpecProblem(err) {
			return ctrl.Result{}, nil // a spec problem is never a missing Secret
		}
		if isKeysUnusable(err) {
			return ctrl.Result{}, nil // want `when a referenced Secret that r.unmount reads is already deleted, its lookup fails with not-found and this return drops the error without requeueing`
		}
		return ctrl.Result{}, err // want `when a referenced Secret that r.unmount reads is already deleted, this return keeps Volume from ever reaching the removal of finalizer "example.com/volume" while it is being deleted`
	}
	controllerutil.RemoveFinalizer(v, volumeFinalizer)
	return ctrl.Result{}, r.Update(ctx, v)
}

func (r *VolumeReconciler) unmount(ctx context.Context, v *Volume) error {
	if v.Spec.Zone == "" {
		return errNoZone
	}
	keys := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: v.Namespace, Name: v.Spec.KeySecret}, keys); err != nil {
		if len(v.Spec.Zone) > 10 {
			return keysUnusable{cause: err}
		}
		return fmt.Errorf("reading keys: %w", err)
	}
	return nil
}
