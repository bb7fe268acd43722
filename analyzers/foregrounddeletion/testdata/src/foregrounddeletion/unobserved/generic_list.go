// Reproduces a finalizer that finds what to delete by listing, through a
// generic helper that takes a prototype object of the kind to list, a
// Secret and a Volume (held by its own finalizer until its disk is gone),
// gathers the items into a map by UID, deletes the map's elements and
// removes its finalizer as soon as the Deletes return: the Volume's kind
// flows through the helper's type parameter and the map's elements, and a
// Volume still being torn down is leaked.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
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
	found, err := r.gather(ctx, client.MatchingLabels{"app": app.Name})
	if err != nil {
		return ctrl.Result{}, err
	}
	for _, obj := range found {
		if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/sweep" after deleting the (Secret or Volume|Volume or Secret) without observing`
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(app, "example.com/sweep")
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *Sweeper) gather(ctx context.Context, sel client.MatchingLabels) (map[types.UID]client.Object, error) {
	byUID := map[types.UID]client.Object{}
	for _, proto := range []client.Object{&corev1.Secret{}, &storage.Volume{}} {
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
	list, _ := made.(client.ObjectList)
	if err := c.List(ctx, list, opts...); err != nil {
		return nil, err
	}
	objs, err := meta.ExtractList(list)
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(objs))
	for _, o := range objs {
		out = append(out, o.(T))
	}
	return out, nil
}
