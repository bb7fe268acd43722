// Package cleanup stands for a helper package of an operator, imported by
// its reconcilers: functions that delete objects for them, some of which
// see them gone and some of which do not.
package cleanup

import (
	"context"
	"errors"
	"fmt"
	"log"

	coordv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"foregrounddeletion/storage"
)

// DeleteVolume deletes the named Volume; a Volume already gone is done.
func DeleteVolume(ctx context.Context, c client.Client, ns, name string) error {
	vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	return client.IgnoreNotFound(c.Delete(ctx, vol))
}

// DeleteVolumeQuietly deletes the named Volume and logs a failure.
func DeleteVolumeQuietly(ctx context.Context, c client.Client, ns, name string) {
	vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	if err := c.Delete(ctx, vol); err != nil {
		log.Printf("deleting volume %s: %v", name, err)
	}
}

// DeleteVolumes deletes every Volume with the given labels.
func DeleteVolumes(ctx context.Context, c client.Client, ns string, labels map[string]string) error {
	return c.DeleteAllOf(ctx, &storage.Volume{}, client.InNamespace(ns), client.MatchingLabels(labels))
}

// DeleteEach deletes every object of objs.
func DeleteEach[T client.Object](ctx context.Context, c client.Client, objs []T) error {
	for _, o := range objs {
		if err := c.Delete(ctx, o); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	return nil
}

// VolumeGone deletes the named Volume and says whether it is gone.
func VolumeGone(ctx context.Context, c client.Client, ns, name string) (bool, error) {
	vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	if err := c.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
		return false, err
	}
	err := c.Get(ctx, client.ObjectKeyFromObject(vol), vol)
	if apierrors.IsNotFound(err) {
		return true, nil
	}
	return false, err
}

// DeleteSettings deletes the named ConfigMap.
func DeleteSettings(ctx context.Context, c client.Client, ns, name string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	return client.IgnoreNotFound(c.Delete(ctx, cm))
}

// ErrNotHolder says that another holder holds the lock.
var ErrNotHolder = errors.New("not the holder of the lock")

// ReleaseLease deletes the Lease ns/name if holder holds it, and returns
// any failure wrapped.
func ReleaseLease(ctx context.Context, c client.Client, ns, name, holder string) error {
	l := &coordv1.Lease{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, l); err != nil {
		return fmt.Errorf("get lease: %w", err)
	}
	if l.Spec.HolderIdentity != nil && *l.Spec.HolderIdentity != holder {
		return ErrNotHolder
	}
	if err := c.Delete(ctx, l); err != nil {
		return fmt.Errorf("delete lease: %w", err)
	}
	return nil
}
