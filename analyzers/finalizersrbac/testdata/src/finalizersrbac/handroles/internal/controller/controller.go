// A controller whose Makefile has controller-gen write a role from the
// API packages' markers only: this package's markers deploy nothing, the
// stale scaffold in config/rbac is not generated from them, and the
// hand-written role in deploy/ is the deployment's.
package controller

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets;gizmoes,verbs=get;update

func reconcile(w *appsv1.Widget, g *appsv1.Gizmo, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s) // granted by deploy/
	_ = controllerutil.SetControllerReference(g, child, s) // want `reference to a Gizmo.*the roles under .*deploy grant gizmoes but not gizmoes/finalizers; add a rule there`
}
