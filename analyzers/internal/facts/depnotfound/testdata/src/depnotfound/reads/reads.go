// Package reads reproduces the resolvers that read the object a reference names with a controller-runtime client and hand its not-found on as an error (typed or not), and the reads that do not: not-found tolerated, or a key that is not a reference.
package reads

import (
	"context"
	"errors"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ParentRef names a parent object.
type ParentRef struct{ Name, Namespace string }

// Child is a KRM object whose spec names its parent.
type Child struct {
	metav1.ObjectMeta
	Spec struct{ ParentRef ParentRef }
}

// ByRef turns not-found into a plain error.
func ByRef(ctx context.Context, c client.Reader, ref *ParentRef) (string, error) { // want ByRef:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"`
	key := types.NamespacedName{Name: ref.Name, Namespace: ref.Namespace}
	u := &unstructured.Unstructured{}
	if err := c.Get(ctx, key, u); err != nil {
		if apierrors.IsNotFound(err) {
			return "", fmt.Errorf("referenced %v not found", key)
		}
		return "", err
	}
	return u.GetName(), nil
}

// Direct returns the client's error, keyed by the spec.
func Direct(ctx context.Context, c client.Reader, obj *Child) error { // want Direct:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"`
	return c.Get(ctx, types.NamespacedName{Name: obj.Spec.ParentRef.Name, Namespace: obj.Namespace}, &unstructured.Unstructured{})
}

// FromUnstructured reads the name under spec of an unstructured object.
func FromUnstructured(ctx context.Context, c client.Reader, u *unstructured.Unstructured) error { // want FromUnstructured:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"`
	name, _, _ := unstructured.NestedString(u.Object, "spec", "parentRef", "name")
	parent := &unstructured.Unstructured{}
	err := c.Get(ctx, types.NamespacedName{Name: name, Namespace: u.GetNamespace()}, parent)
	if err != nil {
		return fmt.Errorf("reading parent: %w", err)
	}
	return nil
}

// Tolerated falls back when the parent is gone.
func Tolerated(ctx context.Context, c client.Reader, ref *ParentRef) (string, error) { // want Tolerated:`depNotFound\(why="", get="client.Reader.Get"`
	u := &unstructured.Unstructured{}
	if err := c.Get(ctx, types.NamespacedName{Name: ref.Name}, u); err != nil {
		if apierrors.IsNotFound(err) {
			return "", nil
		}
		return "", err
	}
	return u.GetName(), nil
}

// Ignored drops not-found with client.IgnoreNotFound.
func Ignored(ctx context.Context, c client.Reader, ref *ParentRef) error { // want Ignored:`depNotFound\(why="", get="client.Reader.Get"`
	return client.IgnoreNotFound(c.Get(ctx, types.NamespacedName{Name: ref.Name}, &unstructured.Unstructured{}))
}

// IgnoredInto tests the error that client.IgnoreNotFound leaves of a
// resolver's: not-found goes on past the test.
func IgnoredInto(ctx context.Context, c client.Client, ref *ParentRef) error { // want IgnoredInto:`depNotFound\(why="", get="client.Reader.Get", needs=\[Create Get\]\)`
	_, err := ByRef(ctx, c, ref)
	if err := client.IgnoreNotFound(err); err != nil {
		return err
	}
	if apierrors.IsNotFound(err) {
		return c.Create(ctx, &unstructured.Unstructured{})
	}
	return nil
}

// LetThrough returns every error but not-found.
func LetThrough(ctx context.Context, c client.Reader, ref *ParentRef) error { // want LetThrough:`depNotFound\(why="", get="client.Reader.Get"`
	err := c.Get(ctx, types.NamespacedName{Name: ref.Name}, &unstructured.Unstructured{})
	if err != nil && !apierrors.IsNotFound(err) {
		return err
	}
	return nil
}

// Own reads the object itself and a Secret named after it.
func Own(ctx context.Context, c client.Reader, obj *Child) error { // want Own:`depNotFound\(why="", get="client.Reader.Get"`
	if err := c.Get(ctx, types.NamespacedName{Name: obj.Name, Namespace: obj.Namespace}, &unstructured.Unstructured{}); err != nil {
		return err
	}
	return c.Get(ctx, types.NamespacedName{Name: obj.Name + "-credentials", Namespace: obj.Namespace}, &unstructured.Unstructured{})
}

// Caller hands on what ByRef produces.
func Caller(ctx context.Context, c client.Reader, obj *Child) error { // want Caller:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"`
	if _, err := ByRef(ctx, c, &obj.Spec.ParentRef); err != nil {
		return fmt.Errorf("resolving parent: %w", err)
	}
	return nil
}

// Observed lists what the object's status points to: observed references,
// not what its spec depends on.
type Observed struct {
	Status struct{ Refs []ParentRef }
}

// StatusRefs reads the objects the status names.
func StatusRefs(ctx context.Context, c client.Reader, obj *Observed) error { // want StatusRefs:`depNotFound\(why="", get="client.Reader.Get"`
	for _, ref := range obj.Status.Refs {
		if err := c.Get(ctx, types.NamespacedName{Name: ref.Name}, &unstructured.Unstructured{}); err != nil {
			return err
		}
	}
	return nil
}

// Unwrapped skips what is gone, testing the unwrapped error.
func Unwrapped(ctx context.Context, c client.Reader, refs []ParentRef) error { // want Unwrapped:`depNotFound\(why="", get="client.Reader.Get"`
	for _, ref := range refs {
		if err := c.Get(ctx, types.NamespacedName{Name: ref.Name}, &unstructured.Unstructured{}); err != nil {
			if apierrors.IsNotFound(errors.Unwrap(err)) {
				continue
			}
			return err
		}
	}
	return nil
}

// CallerTolerates treats ByRef's not-found as gone.
func CallerTolerates(ctx context.Context, c client.Reader, obj *Child) error { // want CallerTolerates:`depNotFound\(why="", get="client.Reader.Get"`
	_, err := ByRef(ctx, c, &obj.Spec.ParentRef)
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

// Nilled returns other errors and carries on without the parent when it is
// gone.
func Nilled(ctx context.Context, c client.Reader, obj *Child) (*unstructured.Unstructured, error) { // want Nilled:`depNotFound\(why="", get="client.Reader.Get"`
	parent := &unstructured.Unstructured{}
	err := c.Get(ctx, types.NamespacedName{Name: obj.Spec.ParentRef.Name}, parent)
	if err != nil {
		if !apierrors.IsNotFound(err) {
			return nil, fmt.Errorf("reading parent: %w", err)
		}
		parent = nil
	}
	return parent, nil
}

// Peers hands Direct each peer it is given in a list: what the peers refer
// to are their dependencies, not its own.
func Peers(ctx context.Context, c client.Reader, peers []Child) error { // want Peers:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\]\)`
	for _, p := range peers {
		peer := p
		if err := Direct(ctx, c, &peer); err != nil {
			return fmt.Errorf("peer %s: %w", peer.Name, err)
		}
	}
	return nil
}

// PeerParents reads, itself, the parent each peer refers to: not a read of
// a reference of its own.
func PeerParents(ctx context.Context, c client.Reader, peers []Child) error { // want PeerParents:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\]\)`
	for i := range peers {
		key := types.NamespacedName{Name: peers[i].Spec.ParentRef.Name, Namespace: peers[i].Namespace}
		if err := c.Get(ctx, key, &unstructured.Unstructured{}); err != nil {
			return err
		}
	}
	return nil
}

// OwnAndPeer reads its own parent, then a peer's: the first is a
// dependency wherever the object passed is the caller's own.
func OwnAndPeer(ctx context.Context, c client.Reader, obj *Child, peers []Child) error { // want OwnAndPeer:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"`
	if err := Direct(ctx, c, obj); err != nil {
		return err
	}
	return Peers(ctx, c, peers)
}

// Resolve reads its own object's parent: a dependency.
func Resolve(ctx context.Context, c client.Reader, name string) error { // want Resolve:`depNotFound\(why="referenced object not found"`
	obj := &Child{ObjectMeta: metav1.ObjectMeta{Name: name}}
	if err := c.Get(ctx, types.NamespacedName{Name: name}, &unstructured.Unstructured{}); err != nil {
		return nil
	}
	return Direct(ctx, c, obj)
}

// Aliased reads the parent through a local copy of the spec: the reference
// is still its parameter's.
func Aliased(ctx context.Context, c client.Reader, obj *Child) error { // want Aliased:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"`
	spec := obj.Spec
	return c.Get(ctx, types.NamespacedName{Name: spec.ParentRef.Name, Namespace: obj.Namespace}, &unstructured.Unstructured{})
}
