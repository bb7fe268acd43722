// Reproduces helpers that keep objects of other kinds with a finalizer of
// their caller's, and what their fact says: the kinds they add a finalizer
// to and remove one from, through the package's unexported helpers; a
// helper that does both; for an object whose kind the code does not name
// (client.Object), the parameter that holds it, whose kind each call
// names; none for a helper that touches no finalizer.
package finalizes

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const keep = "example.com/keep"

// Keep puts the finalizer on the ConfigMap named by key.
func Keep(ctx context.Context, c client.Client, key client.ObjectKey) error { // want Keep:"finalizes adds k8s.io/api/core/v1.ConfigMap"
	cm, err := configMap(ctx, c, key)
	if err != nil {
		return err
	}
	controllerutil.AddFinalizer(cm, keep)
	return c.Update(ctx, cm)
}

// Let takes it off again.
func Let(ctx context.Context, c client.Client, key client.ObjectKey) error { // want Let:"finalizes removes k8s.io/api/core/v1.ConfigMap"
	return let(ctx, c, key)
}

func let(ctx context.Context, c client.Client, key client.ObjectKey) error {
	cm, err := configMap(ctx, c, key)
	if err != nil {
		return client.IgnoreNotFound(err)
	}
	cm.SetFinalizers(nil)
	return c.Update(ctx, cm)
}

// Cycle keeps the ConfigMap while live is true, and lets it go otherwise.
func Cycle(ctx context.Context, c client.Client, key client.ObjectKey, live bool) error { // want Cycle:"finalizes adds k8s.io/api/core/v1.ConfigMap removes k8s.io/api/core/v1.ConfigMap"
	if live {
		return Keep(ctx, c, key)
	}
	return Let(ctx, c, key)
}

// KeepAny keeps the object it is given.
func KeepAny(ctx context.Context, c client.Client, obj client.Object) error { // want KeepAny:"finalizes adds param 2"
	controllerutil.AddFinalizer(obj, keep)
	return c.Update(ctx, obj)
}

// Read touches no finalizer: no fact.
func Read(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.ConfigMap, error) {
	return configMap(ctx, c, key)
}

func configMap(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.ConfigMap, error) { // want configMap:"getter"
	cm := &corev1.ConfigMap{}
	return cm, c.Get(ctx, key, cm)
}

// KeepBoth keeps a ConfigMap it is given and, through KeepAny, any other
// object: the ConfigMap's kind by the argument, the other by its parameter.
func KeepBoth(ctx context.Context, c client.Client, cm *corev1.ConfigMap, other client.Object) error { // want KeepBoth:"finalizes adds k8s.io/api/core/v1.ConfigMap adds param 2,3"
	if err := KeepAny(ctx, c, cm); err != nil {
		return err
	}
	return KeepAny(ctx, c, other)
}
