// Reproduces a finalizer that deletes, through a helper it shares with the
// reconciler's pruning, the objects it lists of each kind of a
// package-level slice of built-in kinds without finalizers of their own,
// and returns the helper's joined errors, which keep the finalizer. The
// pruning hands the same helper objects of kinds nothing here knows: each
// call is judged by the collection it passes, so the finalizer's is
// observed.
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

// sweptKinds are the kinds the finalizer lists and deletes.
var sweptKinds = []client.Object{
	&corev1.Secret{},
	&corev1.ServiceAccount{},
}

// Staler says which objects a reconcile left behind; nothing here
// implements it.
type Staler interface {
	Stale(ctx context.Context) (map[types.UID]client.Object, error)
}

type SharedRemover struct {
	client.Client
	stale Staler
}

func (r *SharedRemover) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !app.DeletionTimestamp.IsZero() {
		if err := r.finalize(ctx, app); err != nil {
			return ctrl.Result{}, err
		}
		if controllerutil.RemoveFinalizer(app, finalizerName) {
			return ctrl.Result{}, r.Update(ctx, app)
		}
		return ctrl.Result{}, nil
	}
	left, err := r.stale.Stale(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, removeAll(ctx, r.Client, left)
}

func (r *SharedRemover) finalize(ctx context.Context, app *corev1.ConfigMap) error {
	found, err := r.swept(ctx, client.MatchingLabels{"app": app.Name})
	if err != nil {
		return err
	}
	return removeAll(ctx, r.Client, found)
}

func (r *SharedRemover) swept(ctx context.Context, sel client.MatchingLabels) (map[types.UID]client.Object, error) {
	all := map[types.UID]client.Object{}
	for _, proto := range sweptKinds {
		some, err := byUID(ctx, r.Client, proto, sel)
		if err != nil {
			return nil, err
		}
		for uid, obj := range some {
			all[uid] = obj
		}
	}
	return all, nil
}

// byUID lists the objects of proto's kind, by UID.
func byUID[T client.Object](ctx context.Context, c client.Client, proto T, opts ...client.ListOption) (map[types.UID]client.Object, error) {
	out := map[types.UID]client.Object{}
	gvk, err := c.GroupVersionKindFor(proto)
	if err != nil {
		return nil, err
	}
	gvk.Kind += "List"
	made, err := c.Scheme().New(gvk)
	if err != nil {
		return nil, err
	}
	list := made.(client.ObjectList)
	if err := c.List(ctx, list, opts...); err != nil {
		return out, err
	}
	items, err := meta.ExtractList(list)
	if err != nil {
		return out, err
	}
	for i := range items {
		obj, ok := items[i].(T)
		if !ok {
			return out, errors.New("unexpected item")
		}
		out[obj.GetUID()] = obj
	}
	return out, nil
}

// removeAll deletes every object and returns the failures.
func removeAll(ctx context.Context, c client.Client, objs map[types.UID]client.Object) error {
	var errs []error
	for _, obj := range objs {
		if err := c.Delete(ctx, obj); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
