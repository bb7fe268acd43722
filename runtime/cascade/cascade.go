// Package cascade deletes objects with an explicit propagation policy and
// reports whether they are gone, so that deletion code removes its own
// finalizer only after what it deleted has been observed gone, and a
// dependent stuck on its own finalizers is reported instead of hidden.
package cascade

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
)

// StuckError reports that a deletion is held by an object that is being
// deleted but waits on finalizers of its own (not the garbage collector's):
// the controller that owns those finalizers has not released them. It is not
// fatal: put it in a condition and try again later.
type StuckError struct {
	// Object is the object holding the deletion, as last read.
	Object client.Object
	// Kind is Object's kind, when known.
	Kind string
	// Finalizers are the finalizers it waits on, without the garbage
	// collector's own (foregroundDeletion, orphan).
	Finalizers []string
	// Since is when its deletion was requested.
	Since metav1.Time
}

// Error names the object and the finalizers it waits on.
func (e *StuckError) Error() string {
	name := "<nil>"
	if e.Object != nil {
		name = client.ObjectKeyFromObject(e.Object).String()
	}
	kind := e.Kind
	if kind == "" {
		kind = "object"
	}
	return fmt.Sprintf("%s %s is being deleted (since %s) but waits on its finalizers [%s]",
		kind, name, e.Since.UTC().Format("2006-01-02T15:04:05Z"), strings.Join(e.Finalizers, ", "))
}

// DeleteAndWait deletes obj with the given propagation policy (required:
// Foreground, Background or Orphan) unless it is already being deleted, and
// reports whether it is gone. When it is not gone yet the caller requeues and
// calls again: a repeated call does not delete again. When obj is held by
// finalizers other than the garbage collector's, the error is a
// [*StuckError] (gone is false). An object recreated under the same name
// (another UID) counts as gone. obj itself is not modified.
//
// With Foreground propagation the object is gone only after the garbage
// collector deleted every dependent whose owner reference blocks owner
// deletion; use [DeleteAndWaitFor] to also learn which dependent holds it.
//
//	gone, err := cascade.DeleteAndWait(ctx, r.Client, child, metav1.DeletePropagationForeground)
//	var stuck *cascade.StuckError
//	switch {
//	case errors.As(err, &stuck):
//		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Deleting", Status: metav1.ConditionTrue, Reason: "DependentStuck", Message: stuck.Error()})
//		return ctrl.Result{RequeueAfter: 10 * time.Second}, r.Status().Update(ctx, obj)
//	case err != nil:
//		return ctrl.Result{}, err
//	case !gone:
//		return ctrl.Result{RequeueAfter: 2 * time.Second}, nil
//	}
//	// child observed gone: now remove our finalizer.
func DeleteAndWait(ctx context.Context, c client.Client, obj client.Object, policy metav1.DeletionPropagation) (gone bool, err error) {
	return DeleteAndWaitFor(ctx, c, obj, policy)
}

// DeleteAndWaitFor is [DeleteAndWait] that also follows obj's dependents
// among the kinds listed in dependents (each an empty list of that kind, e.g.
// &corev1.ConfigMapList{}), transitively through ownerReferences: gone is
// true only when obj and all those dependents are gone (under Orphan
// propagation dependents lose their reference and no longer count), and a
// dependent stuck on its own finalizers is reported as a [*StuckError] naming
// it (the deepest one when there are several). Dependents are found through
// owners that still exist: under Background propagation a grandchild whose
// parent is already gone is no longer seen, so use Foreground to wait for a
// whole tree.
//
//	gone, err := cascade.DeleteAndWaitFor(ctx, r.Client, app, metav1.DeletePropagationForeground,
//		&appsv1.DeploymentList{}, &appsv1.ReplicaSetList{}, &corev1.PodList{})
func DeleteAndWaitFor(ctx context.Context, c client.Client, obj client.Object, policy metav1.DeletionPropagation, dependents ...client.ObjectList) (gone bool, err error) {
	if obj == nil {
		return false, errors.New("delete and wait: nil object")
	}
	key := client.ObjectKeyFromObject(obj)
	switch policy {
	case metav1.DeletePropagationForeground, metav1.DeletePropagationBackground, metav1.DeletePropagationOrphan:
	default:
		return false, fmt.Errorf("delete %s: propagation policy %q: must be Foreground, Background or Orphan", key, policy)
	}
	root, err := deleteRoot(ctx, c, obj, policy)
	if err != nil {
		return false, err
	}
	rootUID := obj.GetUID()
	if root != nil {
		rootUID = root.GetUID()
	}
	tree, err := dependentsOf(ctx, c, rootUID, obj.GetNamespace(), dependents)
	if err != nil {
		return false, fmt.Errorf("delete %s: %w", key, err)
	}
	if root != nil {
		tree = append([]client.Object{root}, tree...)
	}
	if len(tree) == 0 {
		return true, nil
	}
	for _, o := range slices.Backward(tree) {
		if fins := ownFinalizers(o); len(fins) > 0 && o.GetDeletionTimestamp() != nil {
			kind := ""
			if gvk, err := apiutil.GVKForObject(o, c.Scheme()); err == nil {
				kind = gvk.Kind
			}
			return false, &StuckError{Object: o, Kind: kind, Finalizers: fins, Since: *o.GetDeletionTimestamp()}
		}
	}
	return false, nil
}

// deleteRoot reads obj, deletes it with policy unless it is already being
// deleted, and returns it as read after the deletion, or nil when it is gone
// (or was replaced by a new object of the same name).
func deleteRoot(ctx context.Context, c client.Client, obj client.Object, policy metav1.DeletionPropagation) (client.Object, error) {
	key := client.ObjectKeyFromObject(obj)
	current, ok := obj.DeepCopyObject().(client.Object)
	if !ok {
		return nil, fmt.Errorf("delete %s: %T does not deep-copy to a client.Object", key, obj)
	}
	gone, err := read(ctx, c, obj, current)
	if gone || err != nil {
		return nil, err
	}
	if current.GetDeletionTimestamp() == nil {
		uid := current.GetUID()
		err := c.Delete(ctx, current, client.PropagationPolicy(policy), client.Preconditions{UID: &uid})
		switch {
		case apierrors.IsNotFound(err), apierrors.IsConflict(err):
			// Gone, or replaced by a new object since read: the UID
			// precondition failed.
			return nil, nil
		case err != nil:
			return nil, fmt.Errorf("delete %s with %s propagation: %w", key, policy, err)
		}
		if gone, err := read(ctx, c, obj, current); gone || err != nil {
			return nil, err
		}
	}
	return current, nil
}

// read gets obj's current state into into and reports whether obj is gone:
// not found, or found with another UID than obj's.
func read(ctx context.Context, c client.Client, obj, into client.Object) (gone bool, err error) {
	key := client.ObjectKeyFromObject(obj)
	if err := c.Get(ctx, key, into); err != nil {
		if apierrors.IsNotFound(err) {
			return true, nil
		}
		return false, fmt.Errorf("get %s: %w", key, err)
	}
	return obj.GetUID() != "" && into.GetUID() != obj.GetUID(), nil
}

// dependentsOf lists the given kinds and returns the objects that depend,
// directly or transitively, on rootUID, parents before their dependents.
// Dependents of a namespaced root live in its namespace; those of a
// cluster-scoped root anywhere.
func dependentsOf(ctx context.Context, c client.Client, rootUID types.UID, namespace string, kinds []client.ObjectList) ([]client.Object, error) {
	if len(kinds) == 0 || rootUID == "" {
		return nil, nil
	}
	byOwner := map[types.UID][]client.Object{}
	for _, list := range kinds {
		list, ok := list.DeepCopyObject().(client.ObjectList)
		if !ok {
			return nil, fmt.Errorf("list dependents: %T does not deep-copy to a client.ObjectList", list)
		}
		var opts []client.ListOption
		if namespace != "" {
			opts = append(opts, client.InNamespace(namespace))
		}
		if err := c.List(ctx, list, opts...); err != nil {
			return nil, fmt.Errorf("list dependents %T: %w", list, err)
		}
		items, err := meta.ExtractList(list)
		if err != nil {
			return nil, fmt.Errorf("list dependents %T: %w", list, err)
		}
		for _, item := range items {
			o, ok := item.(client.Object)
			if !ok {
				continue
			}
			for _, ref := range o.GetOwnerReferences() {
				byOwner[ref.UID] = append(byOwner[ref.UID], o)
			}
		}
	}
	var tree []client.Object
	seen := map[types.UID]bool{rootUID: true}
	queue := []types.UID{rootUID}
	for len(queue) > 0 {
		uid := queue[0]
		queue = queue[1:]
		for _, o := range byOwner[uid] {
			if seen[o.GetUID()] {
				continue
			}
			seen[o.GetUID()] = true
			tree = append(tree, o)
			queue = append(queue, o.GetUID())
		}
	}
	return tree, nil
}

// ownFinalizers returns o's finalizers other than the garbage collector's.
func ownFinalizers(o client.Object) []string {
	var fins []string
	for _, f := range o.GetFinalizers() {
		if f != metav1.FinalizerDeleteDependents && f != metav1.FinalizerOrphanDependents {
			fins = append(fins, f)
		}
	}
	return fins
}
