// Reproduces shared finalizer helpers and what their fact says: one that
// tests the object's deletion itself and removes the finalizer it is given
// only then; one that removes it whenever it is called (its caller decides
// when); one whose finalizer is its own constant; one that releases only
// Secrets, whose fact says so; one that also releases any object.
package removers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Handle adds finalizer to a live obj, or runs cleanup and removes it once
// obj is being deleted.
func Handle(ctx context.Context, c client.Client, obj client.Object, finalizer string, cleanup func() error) (bool, error) { // want Handle:"removesFinalizer guarded name param 3 object param 2" Handle:"finalizes adds param 2"
	if obj.GetDeletionTimestamp().IsZero() {
		controllerutil.AddFinalizer(obj, finalizer)
		return false, c.Update(ctx, obj)
	}
	if err := cleanup(); err != nil {
		return true, err
	}
	controllerutil.RemoveFinalizer(obj, finalizer)
	return true, c.Update(ctx, obj)
}

// Release removes finalizer from obj.
func Release(ctx context.Context, c client.Client, finalizer string, obj client.Object) error { // want Release:"removesFinalizer name param 2 object param 3"
	controllerutil.RemoveFinalizer(obj, finalizer)
	return c.Update(ctx, obj)
}

const protection = "example.com/protection"

// Unprotect removes the package's protection from obj.
func Unprotect(ctx context.Context, c client.Client, obj client.Object) error { // want Unprotect:"removesFinalizer object param 2"
	controllerutil.RemoveFinalizer(obj, protection)
	return c.Update(ctx, obj)
}

// ReleaseSecret removes the package's protection from a Secret: its fact
// names the kind, so a caller that deletes an object of another kind does
// not take it for the release of its own.
func ReleaseSecret(ctx context.Context, c client.Client, s *corev1.Secret) error { // want ReleaseSecret:"removesFinalizer object param 2 kinds /Secret" ReleaseSecret:"finalizes removes k8s.io/api/core/v1.Secret"
	controllerutil.RemoveFinalizer(s, protection)
	return c.Update(ctx, s)
}

// Collector releases the Secret it holds.
type Collector struct {
	c      client.Client
	secret *corev1.Secret
}

// Collect releases the held Secret and, through Release, whatever obj is.
func (k *Collector) Collect(ctx context.Context, obj client.Object) error { // want Collect:"^removesFinalizer$" Collect:"finalizes removes k8s.io/api/core/v1.Secret"
	controllerutil.RemoveFinalizer(k.secret, protection)
	if err := k.c.Update(ctx, k.secret); err != nil {
		return err
	}
	return Release(ctx, k.c, protection, obj)
}
