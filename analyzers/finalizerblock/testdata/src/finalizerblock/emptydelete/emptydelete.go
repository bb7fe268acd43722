// Reproduces deletions that delete the object a lookup did not find. A // want package:`order\(Claim needs Volume; releases Claim\)`
// Claim names its Volume; while the Claim is being deleted its reconciler
// lets the Volume's not-found through and then deletes the Volume it
// looked up. The Volume variable was made without a name, which only the
// lookup would have filled in: the Delete of a nameless object fails (not
// with not-found) on every retry, and the Claim's finalizer is never
// removed. Correct neighbours name the object before the lookup (its
// Delete then fails with not-found, which is tolerated), or delete only
// what was found.
package emptydelete

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const claimFinalizer = "storage.example.com/claim"

type Claim struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ VolumeName string }
}

func (c *Claim) DeepCopyObject() runtime.Object { return c }

type Volume struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (v *Volume) DeepCopyObject() runtime.Object { return v }

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &Claim{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	vol := &Volume{}
	if claim.Spec.VolumeName != "" {
		if err := r.Get(ctx, client.ObjectKey{Name: claim.Spec.VolumeName}, vol); err != nil {
			// A missing Volume falls through to the deletion branch.
			if !apierrors.IsNotFound(err) || claim.DeletionTimestamp.IsZero() {
				return ctrl.Result{RequeueAfter: time.Minute}, nil
			}
		}
	}
	if !claim.DeletionTimestamp.IsZero() {
		if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when the Volume named by claim.Spec.VolumeName is already deleted, its lookup leaves vol without a name, and the Delete of vol fails on every retry \(the API server refuses to delete an object without a name\): this return keeps Claim from ever reaching the removal of finalizer "storage.example.com/claim" while it is being deleted: skip the Delete when the lookup finds nothing`
		}
		controllerutil.RemoveFinalizer(claim, claimFinalizer)
		return ctrl.Result{}, r.Update(ctx, claim)
	}
	controllerutil.AddFinalizer(claim, claimFinalizer)
	return ctrl.Result{}, r.Update(ctx, claim)
}

// Reused reads into a declared Volume and reuses one error variable for
// the lookup and the Delete, in a helper that runs only while deleting.
type Reused struct {
	client.Client
}

func (r *Reused) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &Claim{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if claim.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(claim, claimFinalizer)
		return ctrl.Result{}, r.Update(ctx, claim)
	}
	return r.release(ctx, claim)
}

func (r *Reused) release(ctx context.Context, claim *Claim) (ctrl.Result, error) {
	var vol Volume
	err := r.Get(ctx, client.ObjectKey{Name: claim.Spec.VolumeName}, &vol)
	if err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	err = r.Delete(ctx, &vol)
	if err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err // want `its lookup leaves vol without a name, and the Delete of vol fails on every retry`
	}
	controllerutil.RemoveFinalizer(claim, claimFinalizer)
	return ctrl.Result{}, r.Update(ctx, claim)
}

// Named names the Volume before looking it up: when it is gone, its
// Delete fails with not-found, which is tolerated.
type Named struct {
	client.Client
}

func (r *Named) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &Claim{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if claim.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(claim, claimFinalizer)
		return ctrl.Result{}, r.Update(ctx, claim)
	}
	vol := &Volume{ObjectMeta: metav1.ObjectMeta{Name: claim.Spec.VolumeName}}
	if err := r.Get(ctx, client.ObjectKeyFromObject(vol), vol); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(claim, claimFinalizer)
	return ctrl.Result{}, r.Update(ctx, claim)
}

// FoundOnly deletes the Volume only when the lookup found it.
type FoundOnly struct {
	client.Client
}

func (r *FoundOnly) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &Claim{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if claim.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(claim, claimFinalizer)
		return ctrl.Result{}, r.Update(ctx, claim)
	}
	vol := &Volume{}
	err := r.Get(ctx, client.ObjectKey{Name: claim.Spec.VolumeName}, vol)
	switch {
	case apierrors.IsNotFound(err):
	case err != nil:
		return ctrl.Result{}, err
	default:
		if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(claim, claimFinalizer)
	return ctrl.Result{}, r.Update(ctx, claim)
}

// GoneFirst releases the Claim when its Volume is gone and deletes only a
// Volume it found: the Delete is never of a nameless object.
type GoneFirst struct {
	client.Client
}

func (r *GoneFirst) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &Claim{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if claim.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(claim, claimFinalizer)
		return ctrl.Result{}, r.Update(ctx, claim)
	}
	vol := &Volume{}
	if err := r.Get(ctx, client.ObjectKey{Name: claim.Spec.VolumeName}, vol); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(claim, claimFinalizer)
		return ctrl.Result{}, r.Update(ctx, claim)
	}
	if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(claim, claimFinalizer)
	return ctrl.Result{}, r.Update(ctx, claim)
}

// IgnoreNotFound is the project's own, as frameworks have theirs: nil for
// a not-found error, the error otherwise.
func IgnoreNotFound(err error) error {
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

// OwnHelper tolerates the Volume's not-found with the project's own
// IgnoreNotFound, and then deletes the Volume it did not find.
type OwnHelper struct {
	client.Client
}

func (r *OwnHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &Claim{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, IgnoreNotFound(err)
	}
	if claim.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(claim, claimFinalizer)
		return ctrl.Result{}, r.Update(ctx, claim)
	}
	vol := new(Volume)
	if err := r.Get(ctx, client.ObjectKey{Name: claim.Spec.VolumeName}, vol); IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if err := r.Delete(ctx, vol); IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err // want `its lookup leaves vol without a name, and the Delete of vol fails on every retry`
	}
	controllerutil.RemoveFinalizer(claim, claimFinalizer)
	return ctrl.Result{}, r.Update(ctx, claim)
}

// Created deletes the Volume only when the object the lookup left has
// been created, a test of what the lookup found.
type Created struct {
	client.Client
}

func (r *Created) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &Claim{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if claim.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(claim, claimFinalizer)
		return ctrl.Result{}, r.Update(ctx, claim)
	}
	vol := &Volume{}
	if err := r.Get(ctx, client.ObjectKey{Name: claim.Spec.VolumeName}, vol); IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if wasCreated(vol) {
		if err := r.Delete(ctx, vol); IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(claim, claimFinalizer)
	return ctrl.Result{}, r.Update(ctx, claim)
}

func wasCreated(o metav1.Object) bool {
	created := o.GetCreationTimestamp()
	return !created.IsZero()
}

// Desired builds the Volume it expects with a method of its own, which
// names it, and looks it up by its own key: its Delete, when it is gone,
// fails with not-found, which is tolerated.
type Desired struct {
	client.Client
	volumeName string
}

func (r *Desired) desiredVolume() *Volume {
	return &Volume{ObjectMeta: metav1.ObjectMeta{Name: r.volumeName}}
}

func (r *Desired) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &Claim{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if claim.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(claim, claimFinalizer)
		return ctrl.Result{}, r.Update(ctx, claim)
	}
	vol := r.desiredVolume()
	if err := r.Get(ctx, client.ObjectKeyFromObject(vol), vol); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(claim, claimFinalizer)
	return ctrl.Result{}, r.Update(ctx, claim)
}
