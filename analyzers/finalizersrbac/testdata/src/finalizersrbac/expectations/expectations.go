// Reproduces a test framework's package (not a _test.go file) that checks the owner references a cluster holds against a table of expected ones: the expected references name no owner (no name, no UID), never reach the API server, and need no permission. The controller's own blocking reference does.
package expectations

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets,verbs=get;list;watch;update

// Expected are the owner references every ConfigMap of a Widget must hold.
var Expected = []metav1.OwnerReference{
	{APIVersion: "apps.example.com/v1", Kind: "Widget", Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true)},
}

// Matches reports whether cm holds the expected references.
func Matches(cm *corev1.ConfigMap) bool {
	for i, want := range Expected {
		got := cm.OwnerReferences[i]
		if got.Kind != want.Kind || got.APIVersion != want.APIVersion {
			return false
		}
	}
	return true
}

func own(w *appsv1.Widget, cm *corev1.ConfigMap) {
	cm.OwnerReferences = []metav1.OwnerReference{
		{APIVersion: "apps.example.com/v1", Kind: "Widget", Name: w.Name, UID: w.UID, Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true)}, // want `the OwnerReference literal sets blockOwnerDeletion on a reference to a Widget`
	}
}
