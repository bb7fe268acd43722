// Package envtest stands in for a controller that only envtest-based tests run (a test-support package named envtest): not reported.
package envtest

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets,verbs=get;list;watch

func reconcile(w *appsv1.Widget, cm *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, cm, s)
}
