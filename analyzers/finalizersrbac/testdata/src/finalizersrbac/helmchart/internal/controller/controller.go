// A controller deployed by a Helm chart whose ClusterRole includes its rules from a named template ({{ include "op.rules" . }}, defined in _helpers.tpl): those rules are the role's. The package's RBAC markers deploy nothing (no role is written from them), so their missing finalizers are not the deployment's.
package controller

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets;gizmoes,verbs=get;update
// +kubebuilder:rbac:groups=apps,resources=statefulsets/status,verbs=get;update

func reconcile(w *appsv1.Widget, g *appsv1.Gizmo, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s) // granted by the included op.rules
	_ = controllerutil.SetControllerReference(g, child, s) // want `reference to a Gizmo.*the roles under .*charts/op/templates grant gizmoes but not gizmoes/finalizers; add a rule there`
}
