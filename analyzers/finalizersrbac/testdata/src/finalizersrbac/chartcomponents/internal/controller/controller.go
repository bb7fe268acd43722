// A controller deployed by a Helm chart that installs two programs, each
// with its role: the controller's grants the finalizers of Widgets, the
// webhook server's names Widgets without them. A chart deploys all its
// templates together, so the webhook's role is not the controller's. A
// resource no role of the chart grants the finalizers of (Gizmoes) is
// reported, as is one a separately installed chart names (Sprockets).
package controller

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func reconcile(w *appsv1.Widget, g *appsv1.Gizmo, sp *appsv1.Sprocket, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s)  // granted by the manager's role, beside the webhook's
	_ = controllerutil.SetControllerReference(g, child, s)  // want `reference to a Gizmo.*the roles under deploy/chart/templates/manager grant gizmoes but not gizmoes/finalizers`
	_ = controllerutil.SetControllerReference(sp, child, s) // want `reference to a Sprocket.*the roles under deploy/addon/templates grant sprockets but not sprockets/finalizers`
}
