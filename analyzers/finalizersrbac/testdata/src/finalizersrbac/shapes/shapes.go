// Shapes of real controllers: a package variable aliasing SetControllerReference, a literal whose Kind is read from the typed owner, and functions that reset blockOwnerDeletion right after setting it (not reported: the rule cannot tell what is left).
package shapes

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets,verbs=get;list;watch

// setControllerReference is replaced in tests.
var setControllerReference = controllerutil.SetControllerReference

func aliased(w *appsv1.Widget, cm *corev1.ConfigMap, s *runtime.Scheme) {
	_ = setControllerReference(w, cm, s) // want `SetControllerReference sets blockOwnerDeletion on a reference to a Widget`
}

func asOwner(w *appsv1.Widget) metav1.OwnerReference {
	return metav1.OwnerReference{APIVersion: w.APIVersion, Kind: w.Kind, Name: w.Name, UID: w.UID, Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true)} // also `reference to a Widget`
}

func fromGVK(w *appsv1.Widget, gvk schema.GroupVersionKind) metav1.OwnerReference {
	// A Kind from a GroupVersionKind value: the owner is not known.
	return metav1.OwnerReference{APIVersion: gvk.GroupVersion().String(), Kind: gvk.Kind, Name: w.Name, UID: w.UID, Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true)}
}

func resetInPlace(w *appsv1.Widget, cm *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, cm, s)
	cm.OwnerReferences[0].BlockOwnerDeletion = ptr.To(false)
}

func resetByHelper(w *appsv1.Widget, cm *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, cm, s)
	disableBlockOwnerDeletion(cm)
}

func disableBlockOwnerDeletion(obj metav1.Object) {
	refs := obj.GetOwnerReferences()
	for i := range refs {
		refs[i].BlockOwnerDeletion = nil
	}
	obj.SetOwnerReferences(refs)
}
