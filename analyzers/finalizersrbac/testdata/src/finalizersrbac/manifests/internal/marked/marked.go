// A controller package whose marker is newer than the generated role file (make manifests not run yet): markers and manifests both count.
package marked

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=gizmoes/finalizers,verbs=update

func reconcile(w *appsv1.Widget, g *appsv1.Gizmo, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s)
	_ = controllerutil.SetControllerReference(g, child, s)
}
