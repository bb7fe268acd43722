// Package use builds owner references and hands them to helpers of its
// own and of another package; the probe reports whether each reaches an
// object.
package use

import (
	"reflect"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"refreach/helpers"
)

var gvk = corev1.SchemeGroupVersion.WithKind("Secret")

func direct(owner *corev1.Secret, cm *corev1.ConfigMap) {
	cm.OwnerReferences = append(cm.OwnerReferences, *metav1.NewControllerRef(owner, gvk)) // want `reaches`
	cm.SetOwnerReferences([]metav1.OwnerReference{{Name: owner.Name, UID: owner.UID}})    // want `reaches`
	_ = metav1.NewControllerRef(owner, gvk)                                               // want `stays`
}

func throughVariables(owner *corev1.Secret, cm *corev1.ConfigMap) {
	ref := *metav1.NewControllerRef(owner, gvk) // want `reaches`
	refs := []metav1.OwnerReference{ref}
	cm.OwnerReferences = refs

	want := *metav1.NewControllerRef(owner, gvk) // want `stays`
	if len(cm.OwnerReferences) > 0 && cm.OwnerReferences[0] == want {
		return
	}
	other := metav1.OwnerReference{Name: owner.Name, UID: owner.UID} // want `stays`
	_ = reflect.DeepEqual(other, cm.OwnerReferences)
}

func throughHelpers(owner *corev1.Secret, cm *corev1.ConfigMap) {
	helpers.Adopt(cm, *metav1.NewControllerRef(owner, gvk))                                      // want `reaches`
	helpers.AdoptAll(cm, metav1.OwnerReference{Name: owner.Name, UID: owner.UID})                // want `reaches`
	_ = helpers.HasOwner(cm, *metav1.NewControllerRef(owner, gvk))                               // want `stays`
	_ = helpers.CheckOwner(cm, *metav1.NewControllerRef(owner, gvk))                             // want `stays`
	_ = helpers.ConfigMapFor("a", []metav1.OwnerReference{*metav1.NewControllerRef(owner, gvk)}, // want `reaches`
		*metav1.NewControllerRef(owner, gvk)) // want `stays`
	own(cm, *metav1.NewControllerRef(owner, gvk))   // want `reaches`
	check(cm, *metav1.NewControllerRef(owner, gvk)) // want `stays`
}

func returned(owner *corev1.Secret) metav1.OwnerReference {
	return *metav1.NewControllerRef(owner, gvk) // want `reaches`
}

// own hands ref on to a helper of another package.
func own(cm *corev1.ConfigMap, ref metav1.OwnerReference) {
	helpers.AdoptAll(cm, ref)
}

// check only compares.
func check(cm *corev1.ConfigMap, ref metav1.OwnerReference) bool {
	return helpers.HasOwner(cm, ref)
}

// A setter given an object built only to compare it with another never
// reaches the API server; one given an object that is returned may.
func setters(owner *corev1.Secret, live *corev1.ConfigMap, s *runtime.Scheme) *corev1.ConfigMap {
	desired := &corev1.ConfigMap{}
	_ = controllerutil.SetControllerReference(owner, desired, s) // want `stays`
	_ = reflect.DeepEqual(desired.OwnerReferences, live.OwnerReferences)

	out := &corev1.ConfigMap{}
	_ = controllerutil.SetControllerReference(owner, out, s) // want `reaches`
	return out
}
