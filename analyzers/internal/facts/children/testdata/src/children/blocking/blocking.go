// Package blocking gives objects owner references to owners it is handed:
// its facts say which parameter is the owner, and when the reference
// surely blocks the owner's deletion (always, or as a bool parameter
// says), so that a caller's argument can be checked where it calls.
package blocking

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Adopt makes owner obj's controller: the reference blocks by default.
func Adopt(owner, obj client.Object, s *runtime.Scheme) error { // want Adopt:`^children\(owns param 1 for param 0 blocking\)$`
	return controllerutil.SetControllerReference(owner, obj, s)
}

// AdoptLoosely opts out of blocking.
func AdoptLoosely(owner, obj client.Object, s *runtime.Scheme) error { // want AdoptLoosely:`^children\(owns param 1 for param 0\)$`
	return controllerutil.SetControllerReference(owner, obj, s, controllerutil.WithBlockOwnerDeletion(false))
}

// AdoptAs leaves blocking to its caller.
func AdoptAs(owner, obj client.Object, s *runtime.Scheme, block bool) error { // want AdoptAs:`^children\(owns param 1 for param 0 blocking if param 3\)$`
	return controllerutil.SetControllerReference(owner, obj, s, controllerutil.WithBlockOwnerDeletion(block))
}

// Refer sets a plain reference, which does not block unless asked to.
func Refer(owner, obj client.Object, s *runtime.Scheme) error { // want Refer:`^children\(refs param 1 for param 0\)$`
	return controllerutil.SetOwnerReference(owner, obj, s)
}

// ReferBlocking asks.
func ReferBlocking(owner, obj client.Object, s *runtime.Scheme) error { // want ReferBlocking:`^children\(refs param 1 for param 0 blocking\)$`
	return controllerutil.SetOwnerReference(owner, obj, s, controllerutil.WithBlockOwnerDeletion(true))
}

// AdoptUnblocked sets a controller reference, then takes blocking away.
func AdoptUnblocked(owner, obj client.Object, s *runtime.Scheme) error { // want AdoptUnblocked:`^children\(owns param 1 for param 0\)$`
	if err := controllerutil.SetControllerReference(owner, obj, s); err != nil {
		return err
	}
	refs := obj.GetOwnerReferences()
	for i := range refs {
		refs[i].BlockOwnerDeletion = nil
	}
	obj.SetOwnerReferences(refs)
	return nil
}

// Build returns a reference to the object whose metadata it is handed;
// whether it is a controller's, and whether it blocks, are the caller's
// to say.
func Build(meta metav1.ObjectMeta, apiVersion, kind string, isController, block bool) metav1.OwnerReference { // want Build:`^children\(returns ref to param 0 blocking if param 4\)$`
	return metav1.OwnerReference{APIVersion: apiVersion, Kind: kind, Name: meta.Name, UID: meta.UID, Controller: &isController, BlockOwnerDeletion: &block}
}

// BuildBlocking always asks Build for a blocking reference.
func BuildBlocking(meta metav1.ObjectMeta, apiVersion, kind string) metav1.OwnerReference { // want BuildBlocking:`^children\(returns ref to param 0 blocking\)$`
	return Build(meta, apiVersion, kind, false, true)
}

// BuildAs hands its own flag on.
func BuildAs(meta metav1.ObjectMeta, block bool) metav1.OwnerReference { // want BuildAs:`^children\(returns ref to param 0 blocking if param 1\)$`
	return Build(meta, "example.com/v1", "Thing", true, block)
}

// BuildLoose never blocks: no fact.
func BuildLoose(meta metav1.ObjectMeta) metav1.OwnerReference {
	return Build(meta, "example.com/v1", "Thing", true, false)
}

// Controlled returns a controller reference that blocks.
func Controlled(owner client.Object) metav1.OwnerReference { // want Controlled:`^children\(returns controller ref blocking\)$`
	return metav1.OwnerReference{Name: owner.GetName(), UID: owner.GetUID(), Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true)}
}

// SettingsFor makes a ConfigMap owned by owner.
func SettingsFor(owner client.Object, s *runtime.Scheme) (*corev1.ConfigMap, error) { // want SettingsFor:`^children\(owns k8s.io/api/core/v1.ConfigMap for param 0 blocking\)$`
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(owner, cm, s); err != nil {
		return nil, err
	}
	return cm, nil
}

// Expected is a reference with no name or UID to compare with: it names
// no owner.
func Expected(kind string) metav1.OwnerReference { // want Expected:`^children\(returns owner ref blocking\)$`
	return metav1.OwnerReference{Kind: kind, BlockOwnerDeletion: ptr.To(true)}
}
