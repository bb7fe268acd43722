// A controller whose generated role grants no finalizers, with a role
// added on OpenShift that grants the widgets': only the gizmoes' are
// missing where the API server checks them.
package controller

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets;gizmoes,verbs=get;update

func reconcile(w *appsv1.Widget, g *appsv1.Gizmo, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s) // granted by config/openshift
	_ = controllerutil.SetControllerReference(g, child, s) // want `reference to a Gizmo.*add // \+kubebuilder:rbac:groups=apps.example.com,resources=gizmoes/finalizers,verbs=update`
}
