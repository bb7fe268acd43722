package deletiontest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const poll = 100 * time.Millisecond

// get fetches obj's current state into a copy; nil when it is gone.
func (e *Env) get(ctx context.Context, obj client.Object) (client.Object, error) {
	into, ok := obj.DeepCopyObject().(client.Object)
	if !ok {
		return nil, fmt.Errorf("%T does not deep-copy to a client.Object", obj)
	}
	err := e.Client.Get(ctx, client.ObjectKeyFromObject(obj), into)
	if apierrors.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return into, nil
}

// name is how failures name obj.
func (e *Env) name(obj client.Object) string {
	kind := obj.GetObjectKind().GroupVersionKind().Kind
	if kind == "" {
		if gvks, _, err := e.Scheme.ObjectKinds(obj); err == nil && len(gvks) > 0 {
			kind = gvks[0].Kind
		}
	}
	return fmt.Sprintf("%s %s", kind, client.ObjectKeyFromObject(obj))
}

// Describe says why obj still exists: whether it is being deleted, its
// remaining finalizers, owner references, status conditions and events.
func (e *Env) Describe(ctx context.Context, obj client.Object) string {
	cur, err := e.get(ctx, obj)
	if err != nil {
		return fmt.Sprintf("%s: %v", e.name(obj), err)
	}
	if cur == nil {
		return e.name(obj) + " is gone"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s still exists", e.name(obj))
	if ts := cur.GetDeletionTimestamp(); ts != nil {
		fmt.Fprintf(&b, ", deleting since %s", ts.UTC().Format(time.TimeOnly))
	} else {
		b.WriteString(", not being deleted")
	}
	fmt.Fprintf(&b, "; finalizers %q", cur.GetFinalizers())
	for _, ref := range cur.GetOwnerReferences() {
		block := ref.BlockOwnerDeletion != nil && *ref.BlockOwnerDeletion
		fmt.Fprintf(&b, "; owner %s %s (uid %s, blockOwnerDeletion %v)", ref.Kind, ref.Name, ref.UID, block)
	}
	if u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(cur); err == nil {
		if status, ok := u["status"].(map[string]any); ok {
			if conds, ok := status["conditions"].([]any); ok {
				for _, c := range conds {
					if m, ok := c.(map[string]any); ok {
						fmt.Fprintf(&b, "; condition %v=%v (%v: %v)", m["type"], m["status"], m["reason"], m["message"])
					}
				}
			}
		}
	}
	var events corev1.EventList
	if err := e.Client.List(ctx, &events, client.InNamespace(cur.GetNamespace())); err == nil {
		for _, ev := range events.Items {
			if ev.InvolvedObject.UID == cur.GetUID() {
				fmt.Fprintf(&b, "; event %s %s: %s", ev.Type, ev.Reason, ev.Message)
			}
		}
	}
	return b.String()
}

// waitGone waits until every object is gone; it returns those left.
func (e *Env) waitGone(ctx context.Context, timeout time.Duration, objs ...client.Object) []client.Object {
	deadline := time.Now().Add(timeout)
	for {
		var left []client.Object
		for _, o := range objs {
			if cur, err := e.get(ctx, o); err != nil || cur != nil {
				left = append(left, o)
			}
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(poll)
	}
}

func (e *Env) stuck(ctx context.Context, left []client.Object) string {
	var parts []string
	for _, o := range left {
		parts = append(parts, e.Describe(ctx, o))
	}
	return strings.Join(parts, "\n\t")
}

// OrphanDeletion deletes deps, waits until they are gone, then deletes obj
// and asserts it is gone, each within timeout: the fixture test for a
// controller that must release its finalizer when what it depends on is
// already deleted.
func (e *Env) OrphanDeletion(t TB, obj client.Object, deps []client.Object, timeout time.Duration) {
	t.Helper()
	ctx := context.Background()
	for _, d := range deps {
		if err := client.IgnoreNotFound(e.Client.Delete(ctx, d)); err != nil {
			t.Fatalf("orphan deletion: delete dependency %s: %v", e.name(d), err)
		}
	}
	if left := e.waitGone(ctx, timeout, deps...); len(left) > 0 {
		t.Fatalf("orphan deletion: dependencies not gone within %s:\n\t%s", timeout, e.stuck(ctx, left))
	}
	if err := client.IgnoreNotFound(e.Client.Delete(ctx, obj)); err != nil {
		t.Fatalf("orphan deletion: delete %s: %v", e.name(obj), err)
	}
	if left := e.waitGone(ctx, timeout, obj); len(left) > 0 {
		t.Fatalf("orphan deletion: %s not gone within %s after its dependencies were deleted:\n\t%s", e.name(obj), timeout, e.stuck(ctx, left))
	}
}

// SelfHealing deletes child and asserts that its owner's controller
// recreates it (same name, new UID) within bound, which should be well
// below the manager's resync period.
func (e *Env) SelfHealing(t TB, child client.Object, bound time.Duration) {
	t.Helper()
	ctx := context.Background()
	old := child.GetUID()
	if err := e.Client.Delete(ctx, child, client.PropagationPolicy(metav1.DeletePropagationBackground)); err != nil {
		t.Fatalf("self-healing: delete %s: %v", e.name(child), err)
	}
	e.heal(t, child, bound, "deleted", func(cur client.Object) bool { return cur.GetUID() != old && cur.GetDeletionTimestamp() == nil })
}

// SelfHealingEdit applies edit to child, updates it, and asserts that
// restored reports true for its state within bound: the owner's controller
// undoes drift without waiting for a resync.
func (e *Env) SelfHealingEdit(t TB, child client.Object, edit func(client.Object), restored func(client.Object) bool, bound time.Duration) {
	t.Helper()
	ctx := context.Background()
	cur, err := e.get(ctx, child)
	if err != nil || cur == nil {
		t.Fatalf("self-healing: get %s: %v (gone: %v)", e.name(child), err, cur == nil)
		return
	}
	edit(cur)
	if err := e.Client.Update(ctx, cur); err != nil {
		t.Fatalf("self-healing: edit %s: %v", e.name(child), err)
	}
	e.heal(t, child, bound, "edited", restored)
}

func (e *Env) heal(t TB, child client.Object, bound time.Duration, how string, ok func(client.Object) bool) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(bound)
	for {
		cur, err := e.get(ctx, child)
		if err == nil && cur != nil && ok(cur) {
			return
		}
		if time.Now().After(deadline) {
			state := "it is gone"
			if cur != nil {
				state = e.Describe(ctx, cur)
			}
			t.Fatalf("self-healing: %s was %s and not restored within %s (does its owner's controller watch it?): %s", e.name(child), how, bound, state)
			return
		}
		time.Sleep(poll)
	}
}

// ForegroundCascade deletes owner with foreground propagation and asserts,
// within timeout, that every dependent disappears while the owner still
// exists (held by the foregroundDeletion finalizer) and that the owner goes
// last.
func (e *Env) ForegroundCascade(t TB, owner client.Object, deps []client.Object, timeout time.Duration) {
	t.Helper()
	ctx := context.Background()
	if err := e.Client.Delete(ctx, owner, client.PropagationPolicy(metav1.DeletePropagationForeground)); err != nil {
		t.Fatalf("foreground cascade: delete %s: %v", e.name(owner), err)
	}
	deadline := time.Now().Add(timeout)
	for {
		cur, err := e.get(ctx, owner)
		var left []client.Object
		for _, d := range deps {
			if c, err := e.get(ctx, d); err != nil || c != nil {
				left = append(left, d)
			}
		}
		switch {
		case err == nil && cur == nil && len(left) > 0:
			t.Fatalf("foreground cascade: %s gone before its dependents (are they owned by it with blockOwnerDeletion?):\n\t%s", e.name(owner), e.stuck(ctx, left))
			return
		case err == nil && cur == nil:
			return
		case cur != nil && len(left) > 0 && !slices.Contains(cur.GetFinalizers(), metav1.FinalizerDeleteDependents):
			t.Fatalf("foreground cascade: %s does not hold the %s finalizer while dependents remain: %s", e.name(owner), metav1.FinalizerDeleteDependents, e.Describe(ctx, cur))
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("foreground cascade: not complete within %s:\n\t%s", timeout, e.stuck(ctx, append(left, owner)))
			return
		}
		time.Sleep(poll)
	}
}

// MutualWait deletes owner and child together and asserts both are gone
// within timeout. When both are stuck, each holding a finalizer, it reports
// the two finalizers that wait for each other.
func (e *Env) MutualWait(t TB, owner, child client.Object, timeout time.Duration) {
	t.Helper()
	ctx := context.Background()
	for _, o := range []client.Object{owner, child} {
		if err := client.IgnoreNotFound(e.Client.Delete(ctx, o)); err != nil {
			t.Fatalf("mutual wait: delete %s: %v", e.name(o), err)
		}
	}
	left := e.waitGone(ctx, timeout, owner, child)
	if len(left) == 0 {
		return
	}
	o, _ := e.get(ctx, owner)
	c, _ := e.get(ctx, child)
	if o != nil && c != nil && len(o.GetFinalizers()) > 0 && len(c.GetFinalizers()) > 0 {
		t.Fatalf("mutual wait: deadlock after %s: %s finalizers %q wait for %s, whose finalizers %q wait for it:\n\t%s",
			timeout, e.name(owner), o.GetFinalizers(), e.name(child), c.GetFinalizers(), e.stuck(ctx, left))
		return
	}
	t.Fatalf("mutual wait: not gone within %s:\n\t%s", timeout, e.stuck(ctx, left))
}
