// Package finalizer stands for controller-runtime's pkg/finalizer: a
// registry of finalizers whose Finalize adds each one to a live object and,
// while the object is being deleted, runs it and removes it when it
// succeeds.
package finalizer

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Result says whether the object or its status needs an update.
type Result struct {
	Updated       bool
	StatusUpdated bool
}

// Registerer registers a finalizer under its key.
type Registerer interface {
	Register(key string, f Finalizer) error
}

// Finalizer finalizes an object.
type Finalizer interface {
	Finalize(context.Context, client.Object) (Result, error)
}

// Finalizers is a registry of finalizers.
type Finalizers interface {
	Registerer
	Finalizer
}

type finalizers map[string]Finalizer

// NewFinalizers returns an empty registry.
func NewFinalizers() Finalizers { return finalizers{} }

func (f finalizers) Register(key string, finalizer Finalizer) error {
	f[key] = finalizer
	return nil
}

func (f finalizers) Finalize(ctx context.Context, obj client.Object) (Result, error) {
	var res Result
	var errs []error
	for key, finalizer := range f {
		if dt := obj.GetDeletionTimestamp(); dt.IsZero() && !controllerutil.ContainsFinalizer(obj, key) {
			controllerutil.AddFinalizer(obj, key)
			res.Updated = true
		} else if !dt.IsZero() && controllerutil.ContainsFinalizer(obj, key) {
			if _, err := finalizer.Finalize(ctx, obj); err != nil {
				errs = append(errs, err)
			} else {
				res.Updated = true
				controllerutil.RemoveFinalizer(obj, key)
			}
		}
	}
	if len(errs) > 0 {
		return res, errs[0]
	}
	return res, nil
}
