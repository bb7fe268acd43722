// A controller deployed by a kustomization that installs it with its web
// UI and roles for users: their roles edit Widgets without their
// finalizers, but they are not the controller's, whose role beside them
// grants them. The project's Helm chart is another deployment, whose role
// must grant what the controller needs by itself.
package controller

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func reconcile(w *appsv1.Widget, sp *appsv1.Sprocket, g *appsv1.Gizmo, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s)
	_ = controllerutil.SetControllerReference(sp, child, s) // want `reference to a Sprocket.*the roles under charts/op/templates grant sprockets but not sprockets/finalizers`
	_ = controllerutil.SetControllerReference(g, child, s)  // want `reference to a Gizmo.*the roles under manifests/base/rbac grant gizmoes but not gizmoes/finalizers`
}
