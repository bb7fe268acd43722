package compared

import (
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
)

var groupVersion = schema.GroupVersion{Group: "apps.example.com", Version: "v1"}

// Widget is an owner kind of the package.
type Widget struct{ metav1.ObjectMeta }

// Gadget is another.
type Gadget struct{ metav1.ObjectMeta }

type Child struct{ metav1.ObjectMeta }

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets;gadgets,verbs=get;list;watch;update

func controllerRef(kind string, o metav1.Object) metav1.OwnerReference {
	return metav1.OwnerReference{APIVersion: groupVersion.String(), Kind: kind, Name: o.GetName(), UID: o.GetUID(), Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true)}
}

// hasOwner reports whether refs hold want; it only reads want.
func hasOwner(refs []metav1.OwnerReference, want metav1.OwnerReference) bool {
	for _, r := range refs {
		if r.UID == want.UID && r.Kind == want.Kind {
			return true
		}
	}
	return false
}

func requireOwner(refs []metav1.OwnerReference, want metav1.OwnerReference) error {
	if !hasOwner(refs, want) {
		return errors.New("not owned by " + want.Name)
	}
	return nil
}

// verifyWidget only compares: no grant needed for that.
func verifyWidget(c *Child, w *Widget) error {
	want := controllerRef("Widget", w)
	return requireOwner(c.OwnerReferences, want)
}

// adoptWidget sets the reference: the grant is needed here.
func adoptWidget(c *Child, w *Widget) {
	ref := controllerRef("Widget", w) // want `reference to a Widget.*widgets/finalizers`
	if !hasOwner(c.OwnerReferences, ref) {
		c.OwnerReferences = append(c.OwnerReferences, ref)
	}
}

// verifyGadget only compares, and nothing sets a Gadget reference.
func verifyGadget(c *Child, g *Gadget) bool {
	want := controllerRef("Gadget", g)
	return hasOwner(c.OwnerReferences, want) && want.Name == g.Name
}
