// Reproduces controllers that build owner references with a helper whose
// flags are parameters: a call that asks for a controller reference
// without blockOwnerDeletion is reported at the call; one that sets both,
// or asks for a plain reference, is not.
package flagparams

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"blockownerdeletion/flagparams/refs"
)

type App struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func configFor(app *App) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	cm.OwnerReferences = []metav1.OwnerReference{refs.OwnerRef(app.TypeMeta, app.ObjectMeta, true, false)} // want `refs.OwnerRef returns a controller reference without blockOwnerDeletion`
	return cm
}

func secretFor(app *App) *corev1.Secret {
	s := &corev1.Secret{}
	s.OwnerReferences = []metav1.OwnerReference{refs.OwnerRef(app.TypeMeta, app.ObjectMeta, true, true)}
	return s
}

func sharedFor(app *App) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	cm.OwnerReferences = append(cm.OwnerReferences, refs.OwnerRef(app.TypeMeta, app.ObjectMeta, false, false))
	return cm
}

// ref is the same builder in the controller's own package.
func ref(t metav1.TypeMeta, o metav1.ObjectMeta, controller, block bool) metav1.OwnerReference { // want ref:"returnsOwnerRefWithoutBlock controller param 2 block param 3"
	return metav1.OwnerReference{APIVersion: t.APIVersion, Kind: t.Kind, Name: o.Name, UID: o.UID, Controller: &controller, BlockOwnerDeletion: &block}
}

func localConfigFor(app *App) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	cm.OwnerReferences = []metav1.OwnerReference{ref(app.TypeMeta, app.ObjectMeta, true, false)} // want `ref returns a controller reference without blockOwnerDeletion`
	return cm
}

func localSecretFor(app *App) *corev1.Secret {
	s := &corev1.Secret{}
	s.OwnerReferences = []metav1.OwnerReference{ref(app.TypeMeta, app.ObjectMeta, true, true)}
	return s
}
