// A controller deployed with one role per platform: the OpenShift role
// grants the finalizers where the API server checks them, so the plain
// Kubernetes role need not; a grant the OpenShift role lacks too is
// missing.
package controller

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func reconcile(w *appsv1.Widget, g *appsv1.Gizmo, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s) // granted by deploy/openshift
	_ = controllerutil.SetControllerReference(g, child, s) // want `reference to a Gizmo.*the roles under deploy/kubernetes grant gizmoes but not gizmoes/finalizers; add a rule there`
}
