// Package adds has finalizer adds whose objects are, or are not, written
// back in a way that stores the finalizer.
package adds

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type R struct {
	client.Client
}

// Status written only: not stored.
func (r *R) statusOnly(ctx context.Context) error {
	cm := &corev1.ConfigMap{}
	controllerutil.AddFinalizer(cm, "example.com/a") // want `unstored "example.com/a"`
	return r.Status().Update(ctx, cm)
}

// Nothing written: stored as far as anyone can tell (the caller of a
// helper may write).
func (r *R) nothingWritten() {
	cm := &corev1.ConfigMap{}
	controllerutil.AddFinalizer(cm, "example.com/b") // want `stored "example.com/b"`
}

// An Update before the add, in a loop: the next iteration stores it.
func (r *R) loop(ctx context.Context, n int) error {
	cm := &corev1.ConfigMap{}
	for i := 0; i < n; i++ {
		if err := r.Update(ctx, cm); err != nil {
			return err
		}
		controllerutil.AddFinalizer(cm, "example.com/c") // want `stored "example.com/c"`
		if err := r.Status().Update(ctx, cm); err != nil {
			return err
		}
	}
	return nil
}

// An Update before the add, outside any loop: not after it.
func (r *R) updateBefore(ctx context.Context) error {
	cm := &corev1.ConfigMap{}
	if err := r.Update(ctx, cm); err != nil {
		return err
	}
	controllerutil.AddFinalizer(cm, "example.com/d") // want `unstored "example.com/d"`
	return r.Status().Update(ctx, cm)
}

// A parameter: the caller may write it.
func (r *R) param(ctx context.Context, cm *corev1.ConfigMap) error {
	controllerutil.AddFinalizer(cm, "example.com/e") // want `stored "example.com/e"`
	return r.Status().Update(ctx, cm)
}

// Returned: whoever receives it may write it.
func (r *R) returned(ctx context.Context) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	controllerutil.AddFinalizer(cm, "example.com/f") // want `stored "example.com/f"`
	return cm, r.Status().Update(ctx, cm)
}

// A deep copy is handed on: it may be written.
func (r *R) copied(ctx context.Context) error {
	cm := &corev1.ConfigMap{}
	controllerutil.AddFinalizer(cm, "example.com/g") // want `stored "example.com/g"`
	if err := r.Status().Update(ctx, cm); err != nil {
		return err
	}
	return r.Update(ctx, cm.DeepCopyObject().(client.Object))
}

// Handed to a function of another package: it may write it.
func (r *R) elsewhere(ctx context.Context, save func(client.Object) error) error {
	cm := &corev1.ConfigMap{}
	controllerutil.AddFinalizer(cm, "example.com/h") // want `stored "example.com/h"`
	if err := save(cm); err != nil {
		return err
	}
	return r.Status().Update(ctx, cm)
}
