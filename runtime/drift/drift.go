// Package drift finds children that need repair, whatever the owner's
// generation says.
//
// An owner's generation changes only with its spec, so a reconciler that
// skips work when generation == status.observedGeneration never repairs a
// child that was deleted or edited by someone else. Call [MissingChildren]
// before any such early return, and reconcile when it returns anything.
package drift

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reason says why a child needs repair.
type Reason string

const (
	// Missing: the child does not exist.
	Missing Reason = "Missing"
	// NotControlled: the child exists but owner is not its controller (it was
	// created by someone else, or its owner reference was removed, or it is
	// a new object with the owner's old UID in its reference).
	NotControlled Reason = "NotControlled"
	// Modified: the child exists and is controlled by owner, but a field set
	// in the desired child has another value in the API server.
	Modified Reason = "Modified"
)

// Finding is one child that needs repair.
type Finding struct {
	// Child is the desired child, as passed in.
	Child client.Object
	// Reason says what is wrong with it.
	Reason Reason
	// Field is the first differing field (a JSON path such as
	// "data.value") when Reason is Modified.
	Field string
}

// MissingChildren returns the desired children (in the order given) that
// need repair: those that do not exist, that exist but are not controlled by
// owner, or that differ from the desired state (see [Check]). It does not look
// at generations, so it finds a child deleted or edited behind the owner's
// back. Each child must carry its name and namespace and be of a type the
// reader's scheme knows; the children passed in are not modified.
//
//	if owner.Status.ObservedGeneration == owner.Generation {
//		missing, err := drift.MissingChildren(ctx, r.Client, owner, desiredConfigMap(owner))
//		if err != nil || len(missing) == 0 {
//			return ctrl.Result{}, err
//		}
//	}
//	return r.reconcileChildren(ctx, owner)
func MissingChildren(ctx context.Context, c client.Reader, owner client.Object, children ...client.Object) ([]client.Object, error) {
	findings, err := Check(ctx, c, owner, children...)
	if err != nil {
		return nil, err
	}
	missing := make([]client.Object, 0, len(findings))
	for _, f := range findings {
		missing = append(missing, f.Child)
	}
	return missing, nil
}

// Check is [MissingChildren] with the reason for each child. A child is
// Modified when a field it sets (other than metadata, except labels and
// annotations, and status) is absent or different in the API server; fields it
// leaves empty are not compared, so server-side defaults are not drift.
//
//	findings, err := drift.Check(ctx, r.Client, owner, desired...)
//	for _, f := range findings {
//		log.Info("repairing child", "child", client.ObjectKeyFromObject(f.Child), "reason", f.Reason, "field", f.Field)
//	}
func Check(ctx context.Context, c client.Reader, owner client.Object, children ...client.Object) ([]Finding, error) {
	if owner == nil {
		return nil, errors.New("drift check: nil owner")
	}
	var findings []Finding
	for _, desired := range children {
		if desired == nil {
			return nil, errors.New("drift check: nil child")
		}
		key := client.ObjectKeyFromObject(desired)
		live, ok := desired.DeepCopyObject().(client.Object)
		if !ok {
			return nil, fmt.Errorf("drift check of %s: %T does not deep-copy to a client.Object", key, desired)
		}
		if err := c.Get(ctx, key, live); err != nil {
			if apierrors.IsNotFound(err) {
				findings = append(findings, Finding{Child: desired, Reason: Missing})
				continue
			}
			return nil, fmt.Errorf("drift check of %s: %w", key, err)
		}
		if !metav1.IsControlledBy(live, owner) {
			findings = append(findings, Finding{Child: desired, Reason: NotControlled})
			continue
		}
		field, err := firstDifference(desired, live)
		if err != nil {
			return nil, fmt.Errorf("drift check of %s: %w", key, err)
		}
		if field != "" {
			findings = append(findings, Finding{Child: desired, Reason: Modified, Field: field})
		}
	}
	return findings, nil
}

// firstDifference returns the path of the first field set in desired whose
// value in live differs, or "" when live has every value desired sets.
func firstDifference(desired, live client.Object) (string, error) {
	want, err := runtime.DefaultUnstructuredConverter.ToUnstructured(desired)
	if err != nil {
		return "", fmt.Errorf("convert desired: %w", err)
	}
	got, err := runtime.DefaultUnstructuredConverter.ToUnstructured(live)
	if err != nil {
		return "", fmt.Errorf("convert live: %w", err)
	}
	delete(want, "status")
	delete(want, "apiVersion")
	delete(want, "kind")
	if md, ok := want["metadata"].(map[string]any); ok {
		want["metadata"] = map[string]any{"labels": md["labels"], "annotations": md["annotations"]}
	}
	return subset("", want, got), nil
}

// subset returns the path of the first value in want that got lacks or has
// otherwise; maps are compared key by key, other values (lists included)
// whole, in key order. Empty values in want are ignored.
func subset(path string, want, got any) string {
	wantMap, isMap := want.(map[string]any)
	if !isMap {
		if isEmpty(want) || reflect.DeepEqual(want, got) {
			return ""
		}
		return path
	}
	gotMap, _ := got.(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(wantMap)) {
		w := wantMap[k]
		p := k
		if path != "" {
			p = path + "." + k
		}
		if d := subset(p, w, gotMap[k]); d != "" {
			return d
		}
	}
	return ""
}

// isEmpty reports whether v is a zero JSON value that a desired object leaves
// unset.
func isEmpty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}
