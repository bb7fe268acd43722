// Reproduces a finalizer that finds what to delete by listing, through a
// generic helper that takes a prototype object of the kind to list, each
// kind of a literal slice of built-in kinds without finalizers of their
// own; another helper gathers the items into a map by UID, and the
// finalizer deletes the map's elements and returns their joined errors,
// which keep the finalizer. The kinds flow through the generic helper's
// type parameter and the map's elements, so nothing goes unnoticed.
package observed

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Sweeper struct {
	client.Client
}

func (r *Sweeper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.sweep(ctx, client.MatchingLabels{"app": app.Name}); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, "example.com/sweep")
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *Sweeper) sweep(ctx context.Context, sel client.MatchingLabels) error {
	found, err := r.gather(ctx, sel)
	if err != nil {
		return err
	}
	var errs []error
	for _, obj := range found {
		if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (r *Sweeper) gather(ctx context.Context, sel client.MatchingLabels) (map[types.UID]client.Object, error) {
	byUID := make(map[types.UID]client.Object)
	for _, proto := range []client.Object{&corev1.Secret{}, &corev1.ServiceAccount{}} {
		items, err := listLike(ctx, r.Client, proto, sel)
		if err != nil {
			return nil, err
		}
		for _, item := range items {
			byUID[item.GetUID()] = item
		}
	}
	return byUID, nil
}

// listLike lists the objects of proto's kind.
func listLike[T client.Object](ctx context.Context, c client.Client, proto T, opts ...client.ListOption) ([]T, error) {
	gvk, err := c.GroupVersionKindFor(proto)
	if err != nil {
		return nil, err
	}
	gvk.Kind += "List"
	made, err := c.Scheme().New(gvk)
	if err != nil {
		return nil, err
	}
	list, ok := made.(client.ObjectList)
	if !ok {
		return nil, errors.New("not a list")
	}
	if err := c.List(ctx, list, opts...); err != nil {
		return nil, err
	}
	objs, err := meta.ExtractList(list)
	if err != nil {
		return nil, err
	}
	var out []T
	for i := range objs {
		if obj, ok := objs[i].(T); ok {
			out = append(out, obj)
		}
	}
	return out, nil
}
