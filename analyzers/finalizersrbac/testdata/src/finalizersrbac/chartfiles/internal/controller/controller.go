// A controller deployed by Helm charts whose role templates print their
// rules from files of the chart (.Files.Lines, .Files.Glob): those rules
// are the role's. The manager's chart copies the generated role, which
// grants the finalizers of Widgets and Gizmoes, beside a users' editor role
// that names Widgets only; the lean chart's file grants Sprockets without
// their finalizers, which is reported.
package controller

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func reconcile(w *appsv1.Widget, g *appsv1.Gizmo, sp *appsv1.Sprocket, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s) // granted by the file the manager's role prints
	_ = controllerutil.SetControllerReference(g, child, s)
	_ = controllerutil.SetControllerReference(sp, child, s) // want `reference to a Sprocket.*the roles under deploy/(chart/templates/rbac|lean/templates) grant sprockets but not sprockets/finalizers`
}
