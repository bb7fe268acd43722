// Package gvks names kinds with values in each way the gvk package reads,
// and in ways it must not take for a known kind. kinds and objects mark the
// expressions the test reads.
package gvks

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

func kinds(schema.GroupVersionKind) {}

func objects(any) {}

func kindsFromCallers(schema.GroupVersionKind) {}

// GroupVersion is this package's API group, as kubebuilder declares it.
var GroupVersion = schema.GroupVersion{Group: "gadgets.example.com", Version: "v1"}

// Gadget is a kind of this package.
type Gadget struct{}

const otherKind = "Gizmo"

var gadgetGVK = GroupVersion.WithKind("Gadget")

func literals(local schema.GroupVersion, version string) {
	kinds(schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"})    // want `^apps/v1 Deployment k8s.io/api/apps/v1.Deployment$`
	kinds(schema.GroupVersionKind{Version: "v1", Kind: "Secret"})                       // want `^v1 Secret k8s.io/api/core/v1.Secret$`
	kinds(schema.GroupVersionKind{"dns.example.com", "v1", "Record"})                   // want `^dns.example.com/v1 Record -$`
	kinds(schema.GroupVersionKind{Group: "apps", Version: version, Kind: "Deployment"}) // want `^group apps Deployment -$`
	kinds(schema.FromAPIVersionAndKind("batch/v1", "Job"))                              // want `^batch/v1 Job k8s.io/api/batch/v1.Job$`
	kinds(schema.GroupVersion{Version: "v1"}.WithKind("Pod"))                           // want `^v1 Pod k8s.io/api/core/v1.Pod$`
	kinds(corev1.SchemeGroupVersion.WithKind("ConfigMap"))                              // want `^\? ConfigMap k8s.io/api/core/v1.ConfigMap$`
	kinds(gadgetGVK)                                                                    // want `^\? Gadget gvks.Gadget$`
	kinds(GroupVersion.WithKind(otherKind))                                             // want `^\? Gizmo -$`
	kinds(local.WithKind("Gadget"))                                                     // want `^\? Gadget -$`
	kinds(schema.GroupVersionKind{Version: "v1", Kind: version})                        // want `^none$`
}

// A function's GroupVersion variable given one value names what that value
// names; given several, the kind's name alone.
func localGroupVersions(other bool) {
	apps := schema.GroupVersion{Group: "apps", Version: "v1"}
	kinds(apps.WithKind("Deployment")) // want `^apps/v1 Deployment k8s.io/api/apps/v1.Deployment$`
	core := corev1.SchemeGroupVersion
	kinds(core.WithKind("Secret")) // want `^\? Secret k8s.io/api/core/v1.Secret$`
	chosen := schema.GroupVersion{Group: "apps", Version: "v1"}
	if other {
		chosen = corev1.SchemeGroupVersion
	}
	kinds(chosen.WithKind("Deployment")) // want `^\? Deployment -$`
}

func ranged() {
	for _, gvk := range []schema.GroupVersionKind{gadgetGVK, corev1.SchemeGroupVersion.WithKind("Secret")} {
		kinds(gvk) // want `^\? Gadget gvks.Gadget; \? Secret k8s.io/api/core/v1.Secret$`
	}
}

// A kind read from data among constant ones: no kind is known.
func unknownAmong(fromData string) {
	for _, gvk := range []schema.GroupVersionKind{gadgetGVK, {Version: "v1", Kind: fromData}} {
		kinds(gvk) // want `^none$`
	}
}

func passed(gvk schema.GroupVersionKind) {
	kinds(gvk)            // want `^none$`
	kindsFromCallers(gvk) // want `^\? Secret k8s.io/api/core/v1.Secret$`
}

func callsPassed() {
	passed(corev1.SchemeGroupVersion.WithKind("Secret"))
}

func unstructuredObjects(fromData map[string]any) {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("apps/v1")
	u.SetKind("StatefulSet")
	objects(u) // want `^apps/v1 StatefulSet k8s.io/api/apps/v1.StatefulSet$`

	lit := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "Service"}}
	objects(lit) // want `^v1 Service k8s.io/api/core/v1.Service$`

	var list metav1.PartialObjectMetadataList
	list.SetGroupVersionKind(corev1.SchemeGroupVersion.WithKind("SecretList"))
	objects(&list) // want `^\? Secret k8s.io/api/core/v1.Secret$`

	alone := &unstructured.Unstructured{}
	alone.SetKind("Job")
	objects(alone) // want `^\? Job -$`

	twoVersions := &unstructured.Unstructured{}
	twoVersions.SetAPIVersion("apps/v1")
	twoVersions.SetAPIVersion("apps/v1beta1")
	twoVersions.SetKind("Deployment")
	objects(twoVersions) // want `^\? Deployment -$`

	decoded := &unstructured.Unstructured{Object: fromData}
	objects(decoded) // want `^none$`

	var typed corev1.Secret
	objects(&typed) // want `^none$`

	content, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(&typed)
	fromTyped := &unstructured.Unstructured{Object: content}
	objects(fromTyped) // want `^\? Secret k8s.io/api/core/v1.Secret$`

	set := &unstructured.Unstructured{}
	set.SetUnstructuredContent(content)
	objects(set) // want `^\? Secret k8s.io/api/core/v1.Secret$`

	var anything any = &typed
	opaque, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(anything)
	fromAny := &unstructured.Unstructured{Object: opaque}
	objects(fromAny) // want `^none$`
}
