// Package helpers sets controller references for its callers: the owner is a parameter whose type does not name its kind, so each caller's owner is checked where it calls (a fact on each helper).
package helpers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// OwnVia hands its owner on to Own, declared after it.
func OwnVia(owner metav1.Object, child client.Object, s *runtime.Scheme) error {
	return Own(owner, child, s)
}

// Own sets owner as child's controller.
func Own(owner metav1.Object, child client.Object, s *runtime.Scheme) error {
	return controllerutil.SetControllerReference(owner, child, s)
}

// OwnGeneric is Own for any object type.
func OwnGeneric[T client.Object](s *runtime.Scheme, owner T, child client.Object) error {
	return controllerutil.SetControllerReference(owner, child, s)
}

// Builder builds children of one owner.
type Builder struct{ Scheme *runtime.Scheme }

// Ref returns a controller reference to owner.
func (b *Builder) Ref(owner client.Object, gvk schema.GroupVersionKind) metav1.OwnerReference {
	return *metav1.NewControllerRef(owner, gvk)
}

// Loose does not block owner deletion: no fact.
func Loose(owner metav1.Object, child client.Object, s *runtime.Scheme) error {
	return controllerutil.SetControllerReference(owner, child, s, controllerutil.WithBlockOwnerDeletion(false))
}

// OwnAs leaves it to its caller whether the reference blocks owner
// deletion.
func OwnAs(owner client.Object, child client.Object, s *runtime.Scheme, block bool) error {
	return controllerutil.SetControllerReference(owner, child, s, controllerutil.WithBlockOwnerDeletion(block))
}

// OwnUnblocked sets a controller reference, then turns its
// blockOwnerDeletion off: no grant is needed for it.
func OwnUnblocked(owner client.Object, child client.Object, s *runtime.Scheme) error {
	if err := controllerutil.SetControllerReference(owner, child, s); err != nil {
		return err
	}
	refs := child.GetOwnerReferences()
	refs[0].BlockOwnerDeletion = nil
	child.SetOwnerReferences(refs)
	return nil
}

// RefTo builds a controller reference to obj by hand: the kind is the
// caller's to give, the name and UID are obj's.
func RefTo(obj metav1.Object, apiVersion, kind string) *metav1.OwnerReference {
	on := func(b bool) *bool { return &b }
	return &metav1.OwnerReference{APIVersion: apiVersion, Kind: kind, Name: obj.GetName(), UID: obj.GetUID(), Controller: on(true), BlockOwnerDeletion: on(true)}
}

// RefOf builds a reference from an object's type and metadata; whether it
// blocks owner deletion is the caller's choice.
func RefOf(t metav1.TypeMeta, m metav1.ObjectMeta, controller, block bool) metav1.OwnerReference {
	return metav1.OwnerReference{APIVersion: t.APIVersion, Kind: t.Kind, Name: m.Name, UID: m.UID, Controller: &controller, BlockOwnerDeletion: &block}
}

// Expected is a reference with no name or UID: what a test compares, not
// a builder of references.
func Expected(kind string) metav1.OwnerReference {
	yes := true
	return metav1.OwnerReference{Kind: kind, BlockOwnerDeletion: &yes}
}

// Syncer brings one object to its desired state.
type Syncer interface {
	Sync(ctx context.Context) error
}

type childSyncer struct {
	owner, child client.Object
	c            client.Client
	scheme       *runtime.Scheme
}

// NewChildSyncer keeps owner and child for Sync, which makes owner child's
// controller: the call of the constructor names the owner.
func NewChildSyncer(owner, child client.Object, c client.Client, s *runtime.Scheme) Syncer {
	return &childSyncer{owner: owner, child: child, c: c, scheme: s}
}

func (cs *childSyncer) Sync(ctx context.Context) error {
	_, err := controllerutil.CreateOrUpdate(ctx, cs.c, cs.child, func() error {
		return controllerutil.SetControllerReference(cs.owner, cs.child, cs.scheme)
	})
	return err
}

type annotator struct {
	from, to client.Object
	c        client.Client
}

// NewAnnotator keeps from and to for Sync, which copies annotations and
// sets no owner reference.
func NewAnnotator(from, to client.Object, c client.Client) Syncer {
	return &annotator{from: from, to: to, c: c}
}

func (a *annotator) Sync(ctx context.Context) error {
	a.to.SetAnnotations(a.from.GetAnnotations())
	return a.c.Update(ctx, a.to)
}
