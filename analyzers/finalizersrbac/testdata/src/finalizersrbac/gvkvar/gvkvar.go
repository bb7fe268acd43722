// Reproduces owner references whose kind is read from a package variable
// holding a GroupVersionKind (widgetGVK = appsv1.GroupVersion.WithKind("Widget")),
// for an owner the function has only as an interface: the variable names
// the owner's kind and group.
package gvkvar

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

var (
	widgetGVK   = appsv1.GroupVersion.WithKind("Widget")
	sprocketGVK = schema.GroupVersionKind{Group: "apps.example.com", Version: "v1", Kind: "Sprocket"}
)

// An Owner is any of the operator's objects.
type Owner interface {
	GetName() string
	GetUID() types.UID
}

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets;sprockets,verbs=get;list;watch;update
// +kubebuilder:rbac:groups=apps.example.com,resources=sprockets/finalizers,verbs=update

func widgetChild(o Owner) *corev1.ConfigMap {
	block := true
	ref := metav1.OwnerReference{ // want `reference to a Widget.*resources=widgets/finalizers,verbs=update`
		APIVersion:         widgetGVK.GroupVersion().String(),
		Kind:               widgetGVK.Kind,
		Name:               o.GetName(),
		UID:                o.GetUID(),
		BlockOwnerDeletion: &block,
	}
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: o.GetName(), OwnerReferences: []metav1.OwnerReference{ref}}}
}

func sprocketChild(o Owner) *corev1.ConfigMap {
	block := true
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: o.GetName(), OwnerReferences: []metav1.OwnerReference{{
		APIVersion:         sprocketGVK.GroupVersion().String(),
		Kind:               sprocketGVK.Kind, // granted
		Name:               o.GetName(),
		UID:                o.GetUID(),
		BlockOwnerDeletion: &block,
	}}}}
}
