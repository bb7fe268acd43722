// Reproduces an operator's wrapper of its custom resources' metadata: a struct embedding pointers to their TypeMeta and ObjectMeta, built by one constructor per kind, and the helpers that set a controller reference to it. The owner is each wrapped kind, never the wrapper: the missing grant names gizmoes, and widgets is granted.
package wrapper

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets/finalizers,verbs=update

// Object stands for a Widget or a Gizmo.
type Object struct { // want Object:`wraps\(finalizersrbac/apis/apps/v1.Gizmo finalizersrbac/apis/apps/v1.Widget\)`
	*metav1.TypeMeta
	*metav1.ObjectMeta
	Kind string
}

func FromWidget(w *appsv1.Widget) Object {
	return Object{TypeMeta: &w.TypeMeta, ObjectMeta: &w.ObjectMeta, Kind: "Widget"}
}

func FromGizmo(g *appsv1.Gizmo) Object {
	return Object{TypeMeta: &metav1.TypeMeta{Kind: "Gizmo"}, ObjectMeta: &g.ObjectMeta, Kind: "Gizmo"}
}

// Service builds the object's Service.
func Service(o Object) *corev1.Service {
	ref := metav1.NewControllerRef(o, o.GroupVersionKind()) // want `NewControllerRef sets blockOwnerDeletion on a reference to a Gizmo.*groups=apps.example.com,resources=gizmoes/finalizers,verbs=update`
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: o.Name, OwnerReferences: []metav1.OwnerReference{*ref}}}
}

// Secret builds the object's Secret.
func Secret(o Object) *corev1.Secret {
	ref := metav1.NewControllerRef(o, o.GroupVersionKind()) // also `reference to a Gizmo`
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: o.Name, OwnerReferences: []metav1.OwnerReference{*ref}}}
}

// Meta wraps metadata it is given, of no kind it knows: an owner
// reference to it is not reported.
type Meta struct {
	*metav1.ObjectMeta
}

func ConfigMap(m Meta) *corev1.ConfigMap {
	ref := metav1.NewControllerRef(m, corev1.SchemeGroupVersion.WithKind("ConfigMap"))
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: m.Name, OwnerReferences: []metav1.OwnerReference{*ref}}}
}
