// Package ownership sets and follows controller owner references the way
// deletion needs them.
//
//   - [NewControllerRef] and [SetControllerReference] always set
//     blockOwnerDeletion, so foreground deletion of the owner waits for the
//     child (a controller reference without it lets the owner disappear first).
//     Where the API server runs the OwnerReferencesPermissionEnforcement
//     admission plugin (OpenShift does by default), setting it needs update on
//     the owner's finalizers subresource, which the controller's marker
//     +kubebuilder:rbac:groups=<group>,resources=<plural>/finalizers,verbs=update
//     grants (runtime/internal/evidence/finalizersrbac shows both).
//   - [EnsureChild] creates or patches a child with that reference; watch the
//     child type with Owns so a deleted child is recreated at once.
//   - [GetOwner] finds the owner through ownerReferences, by API group and kind,
//     and tells "no owner reference" ([ErrNoOwner]) from "owner gone"
//     ([ErrOwnerGone]) so deletion code can treat a gone owner as gone.
package ownership

import (
	"context"
	"errors"
	"fmt"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/util/retry"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

var (
	// ErrNoOwner is returned by [GetOwner] when the object has no owner
	// reference to an object of the requested kind.
	ErrNoOwner = errors.New("no owner reference")
	// ErrOwnerGone is returned by [GetOwner] when the object has an owner
	// reference of the requested kind but that owner no longer exists (or was
	// recreated under the same name with a different UID). The error also
	// wraps the API server's NotFound error when there was one.
	ErrOwnerGone = errors.New("owner gone")
	// ErrControlledByOther is returned by [SetControllerReference] and
	// [EnsureChild] when the child already has a different controller.
	ErrControlledByOther = errors.New("already controlled by another owner")
)

// NewControllerRef returns a controller owner reference to owner, with
// Controller and BlockOwnerDeletion true. The owner's kind comes from scheme
// (or from the owner's TypeMeta for unstructured objects); the owner must have
// been created (it needs a UID).
//
//	ref, err := ownership.NewControllerRef(parent, r.Scheme())
//	if err != nil {
//		return err
//	}
//	child.SetOwnerReferences([]metav1.OwnerReference{ref})
func NewControllerRef(owner client.Object, scheme *runtime.Scheme) (metav1.OwnerReference, error) {
	if owner == nil {
		return metav1.OwnerReference{}, errors.New("controller reference: nil owner")
	}
	gvk, err := gvkOf(owner, scheme)
	if err != nil {
		return metav1.OwnerReference{}, fmt.Errorf("controller reference to %s: %w", keyOf(owner), err)
	}
	if owner.GetUID() == "" || owner.GetName() == "" {
		return metav1.OwnerReference{}, fmt.Errorf("controller reference to %s %s: owner has no name or UID; create it before its children", gvk.Kind, keyOf(owner))
	}
	return metav1.OwnerReference{
		APIVersion:         gvk.GroupVersion().String(),
		Kind:               gvk.Kind,
		Name:               owner.GetName(),
		UID:                owner.GetUID(),
		Controller:         ptr.To(true),
		BlockOwnerDeletion: ptr.To(true),
	}, nil
}

// SetControllerReference makes owner the controller of child, with
// BlockOwnerDeletion true, replacing an existing reference to the same owner
// (by API group, kind and name) and keeping other owner references. It fails
// with [ErrControlledByOther] if another object already controls child, and
// when the references would be invalid: a namespaced owner of a child in
// another namespace or of a cluster-scoped child (the garbage collector would
// delete such a child).
//
//	if err := ownership.SetControllerReference(parent, cm, r.Scheme()); err != nil {
//		return err
//	}
//	return r.Create(ctx, cm)
func SetControllerReference(owner, child client.Object, scheme *runtime.Scheme) error {
	if child == nil {
		return errors.New("set controller reference: nil child")
	}
	ref, err := NewControllerRef(owner, scheme)
	if err != nil {
		return err
	}
	if ns := owner.GetNamespace(); ns != "" && child.GetNamespace() != ns {
		return fmt.Errorf("set controller reference on %s: owner %s %s is namespaced and the child is not in its namespace", keyOf(child), ref.Kind, keyOf(owner))
	}
	refs := child.GetOwnerReferences()
	updated := make([]metav1.OwnerReference, 0, len(refs)+1)
	for _, existing := range refs {
		same := sameObject(existing, ref)
		if !same && ptr.Deref(existing.Controller, false) {
			return fmt.Errorf("set controller reference on %s to %s %s: %w: %s %s",
				keyOf(child), ref.Kind, owner.GetName(), ErrControlledByOther, existing.Kind, existing.Name)
		}
		if !same {
			updated = append(updated, existing)
		}
	}
	child.SetOwnerReferences(append(updated, ref))
	return nil
}

// EnsureChild creates child, or patches it if it exists, so that it has the
// state mutate gives it and owner as its controller (with BlockOwnerDeletion).
// child must carry its name and namespace; mutate sets the desired state on
// child (as read from the API server when it exists) and must not change its
// name or namespace. The patch carries the resourceVersion it was computed
// from, so it never overwrites a concurrent change; on conflict EnsureChild
// re-reads the child and runs mutate again. The owner's kind is resolved
// with the client's scheme.
//
// Watch the child's type with Owns(&Child{}) on the owner's controller, so that
// a deleted or modified child is repaired at once, not at the next resync.
//
//	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: parent.Name, Namespace: parent.Namespace}}
//	_, err := ownership.EnsureChild(ctx, r.Client, parent, cm, func() error {
//		cm.Data = map[string]string{"value": parent.Spec.Value}
//		return nil
//	})
func EnsureChild(ctx context.Context, c client.Client, owner, child client.Object, mutate func() error) (controllerutil.OperationResult, error) {
	if owner == nil || child == nil {
		return controllerutil.OperationResultNone, errors.New("ensure child: nil owner or child")
	}
	key := client.ObjectKeyFromObject(child)
	result := controllerutil.OperationResultNone
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, key, child); err != nil {
			if !apierrors.IsNotFound(err) {
				return fmt.Errorf("get child %s: %w", key, err)
			}
			if err := applyDesired(owner, child, key, mutate, c.Scheme()); err != nil {
				return err
			}
			if err := c.Create(ctx, child); err != nil {
				return fmt.Errorf("create child %s: %w", key, err)
			}
			result = controllerutil.OperationResultCreated
			return nil
		}
		before, ok := child.DeepCopyObject().(client.Object)
		if !ok {
			return fmt.Errorf("ensure child %s: %T does not deep-copy to a client.Object", key, child)
		}
		if err := applyDesired(owner, child, key, mutate, c.Scheme()); err != nil {
			return err
		}
		if apiequality.Semantic.DeepEqual(before, child) {
			result = controllerutil.OperationResultNone
			return nil
		}
		patch := client.MergeFromWithOptions(before, client.MergeFromWithOptimisticLock{})
		if err := c.Patch(ctx, child, patch); err != nil {
			return fmt.Errorf("patch child %s: %w", key, err)
		}
		result = controllerutil.OperationResultUpdated
		return nil
	})
	if err != nil {
		return controllerutil.OperationResultNone, err
	}
	return result, nil
}

// applyDesired runs mutate and sets the controller reference on child.
func applyDesired(owner, child client.Object, key client.ObjectKey, mutate func() error, scheme *runtime.Scheme) error {
	if mutate != nil {
		if err := mutate(); err != nil {
			return fmt.Errorf("mutate child %s: %w", key, err)
		}
	}
	if client.ObjectKeyFromObject(child) != key {
		return fmt.Errorf("mutate child %s: name or namespace changed to %s", key, client.ObjectKeyFromObject(child))
	}
	return SetControllerReference(owner, child, scheme)
}

// GetOwner reads into owner the object that obj's ownerReferences name with
// owner's API group and kind (the controller reference when there are
// several). It returns an error matching [ErrNoOwner] when there is no such
// reference, and one matching [ErrOwnerGone] (and apierrors.IsNotFound when
// the API server said so) when the referenced owner does not exist any more or
// has been replaced by a new object of the same name. Deletion code should
// treat ErrOwnerGone as "nothing to wait for".
//
// owner's kind comes from its TypeMeta when set, otherwise from the client's
// scheme (c must then also implement Scheme() *runtime.Scheme, as every
// client.Client does).
//
//	var cluster clusterv1.Cluster
//	switch err := ownership.GetOwner(ctx, r.Client, machine, &cluster); {
//	case errors.Is(err, ownership.ErrOwnerGone) && deletion.IsDeleting(machine):
//		return r.releaseFinalizer(ctx, machine)
//	case err != nil:
//		return ctrl.Result{}, err
//	}
func GetOwner[T client.Object](ctx context.Context, c client.Reader, obj client.Object, owner T) error {
	if obj == nil {
		return errors.New("get owner: nil object")
	}
	var scheme *runtime.Scheme
	if s, ok := c.(interface{ Scheme() *runtime.Scheme }); ok {
		scheme = s.Scheme()
	}
	gvk, err := gvkOf(owner, scheme)
	if err != nil {
		return fmt.Errorf("get owner of %s: %w", keyOf(obj), err)
	}
	ref, found := findRef(obj.GetOwnerReferences(), gvk.GroupKind())
	if !found {
		return fmt.Errorf("get %s owner of %s: %w", gvk.Kind, keyOf(obj), ErrNoOwner)
	}
	key := client.ObjectKey{Namespace: obj.GetNamespace(), Name: ref.Name}
	if err := c.Get(ctx, key, owner); err != nil {
		if apierrors.IsNotFound(err) {
			return fmt.Errorf("get %s owner %s of %s: %w: %w", gvk.Kind, ref.Name, keyOf(obj), ErrOwnerGone, err)
		}
		return fmt.Errorf("get %s owner %s of %s: %w", gvk.Kind, ref.Name, keyOf(obj), err)
	}
	if owner.GetUID() != ref.UID {
		return fmt.Errorf("get %s owner %s of %s: %w: found UID %s, reference names UID %s",
			gvk.Kind, ref.Name, keyOf(obj), ErrOwnerGone, owner.GetUID(), ref.UID)
	}
	return nil
}

// findRef returns the reference to an object of group kind gk, preferring the
// controller reference.
func findRef(refs []metav1.OwnerReference, gk schema.GroupKind) (metav1.OwnerReference, bool) {
	var match metav1.OwnerReference
	found := false
	for _, ref := range refs {
		gv, err := schema.ParseGroupVersion(ref.APIVersion)
		if err != nil || gv.Group != gk.Group || ref.Kind != gk.Kind {
			continue
		}
		if ptr.Deref(ref.Controller, false) {
			return ref, true
		}
		if !found {
			match, found = ref, true
		}
	}
	return match, found
}

// sameObject reports whether two owner references name the same object
// (API group, kind and name; the version may differ).
func sameObject(a, b metav1.OwnerReference) bool {
	ga, errA := schema.ParseGroupVersion(a.APIVersion)
	gb, errB := schema.ParseGroupVersion(b.APIVersion)
	return errA == nil && errB == nil && ga.Group == gb.Group && a.Kind == b.Kind && a.Name == b.Name
}

// gvkOf returns obj's kind: from its TypeMeta when set, else from scheme.
func gvkOf(obj client.Object, scheme *runtime.Scheme) (schema.GroupVersionKind, error) {
	if gvk := obj.GetObjectKind().GroupVersionKind(); gvk.Kind != "" && gvk.Version != "" {
		return gvk, nil
	}
	if scheme == nil {
		return schema.GroupVersionKind{}, fmt.Errorf("kind of %T unknown: set its apiVersion and kind or use a client with a scheme", obj)
	}
	gvk, err := apiutil.GVKForObject(obj, scheme)
	if err != nil {
		return schema.GroupVersionKind{}, fmt.Errorf("kind of %T: %w", obj, err)
	}
	return gvk, nil
}

// keyOf names obj as namespace/name for error messages.
func keyOf(obj client.Object) string {
	if obj.GetNamespace() == "" {
		return obj.GetName()
	}
	return obj.GetNamespace() + "/" + obj.GetName()
}
