// Reproduces the manager of a Volume, in a package of helpers that never // want package:`order\(Volume needs Template; releases Claim, Volume\)`
// tests the Volume's deletion (its controller, elsewhere, calls Reconcile
// on live Volumes only). The manager finds, by a name the Volume gives, the
// Claim that an earlier Volume of that name left, and when that Claim is
// being deleted while it still holds the Volumes' finalizer, a helper
// releases it. The Claim is a dependency the manager reads: releasing its
// hold on it removes no finalizer of the Volume, and the lookups before
// it strand no Claim. Delete, given the Volume itself, tests its deletion
// and releases its finalizer: a lookup before it does strand the Volume.
package staleclaim

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const volumeFinalizer = "example.com/volume"

type Volume struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec VolumeSpec
}

type VolumeSpec struct {
	Template string
}

func (in *Volume) DeepCopyObject() runtime.Object { return in }

type Claim struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Claim) DeepCopyObject() runtime.Object { return in }

type Template struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Template) DeepCopyObject() runtime.Object { return in }

// Manager manages one Volume.
type Manager struct {
	c   client.Client
	vol *Volume
}

// Reconcile makes sure the Volume's Claim is its own.
func (m *Manager) Reconcile(ctx context.Context) error {
	tpl := &Template{}
	if err := m.c.Get(ctx, client.ObjectKey{Namespace: m.vol.Namespace, Name: m.vol.Spec.Template}, tpl); err != nil {
		if apierrors.IsNotFound(err) {
			return nil // no Claim is being deleted here: nothing stranded
		}
		return err
	}
	claim, err := getClaim(ctx, m.c, m.vol.Name+"-claim", m.vol.Namespace)
	if err != nil {
		return client.IgnoreNotFound(err)
	}
	return m.releaseStale(ctx, claim)
}

// getClaim reads the Claim of that name.
func getClaim(ctx context.Context, c client.Client, name, namespace string) (*Claim, error) {
	claim := &Claim{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, claim); err != nil {
		return nil, err
	}
	return claim, nil
}

// releaseStale lets go of a Claim that an earlier Volume left and that is
// being deleted.
func (m *Manager) releaseStale(ctx context.Context, claim *Claim) error {
	if !claim.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(claim, volumeFinalizer)
		return m.c.Update(ctx, claim)
	}
	return nil
}

// Delete releases the Volume, given by its controller as it read it.
func (m *Manager) Delete(ctx context.Context) error {
	tpl := &Template{}
	if err := m.c.Get(ctx, client.ObjectKey{Namespace: m.vol.Namespace, Name: m.vol.Spec.Template}, tpl); err != nil {
		if apierrors.IsNotFound(err) {
			return nil // want `when the Template named by m.vol.Spec.Template is already deleted, this return keeps Volume from ever reaching the removal of finalizer "example.com/volume" while it is being deleted`
		}
		return err
	}
	return release(ctx, m.c, m.vol)
}

// release removes the Volume's finalizer once it is being deleted.
func release(ctx context.Context, c client.Client, vol *Volume) error {
	if vol.DeletionTimestamp.IsZero() {
		return nil
	}
	controllerutil.RemoveFinalizer(vol, volumeFinalizer)
	return c.Update(ctx, vol)
}

// Finalize re-reads the Volume by its own name through a getter before
// releasing it: still the Volume's removal.
func (m *Manager) Finalize(ctx context.Context) error {
	tpl := &Template{}
	if err := m.c.Get(ctx, client.ObjectKey{Namespace: m.vol.Namespace, Name: m.vol.Spec.Template}, tpl); err != nil {
		if apierrors.IsNotFound(err) {
			return nil // want `when the Template named by m.vol.Spec.Template is already deleted, this return keeps Volume from ever reaching the removal of finalizer "example.com/volume" while it is being deleted`
		}
		return err
	}
	latest, err := getVolume(ctx, m.c, m.vol.Name, m.vol.Namespace)
	if err != nil {
		return client.IgnoreNotFound(err)
	}
	return release(ctx, m.c, latest)
}

// getVolume reads the Volume of that name.
func getVolume(ctx context.Context, c client.Client, name, namespace string) (*Volume, error) {
	vol := &Volume{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, vol); err != nil {
		return nil, err
	}
	return vol, nil
}
