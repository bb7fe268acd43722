// A controller package whose markers name the Widgets without their
// finalizers, which another package's marker grants: the role
// controller-gen wrote from all the markers (config/components/rbac) holds
// both. The Gizmo's finalizers are granted nowhere. The tool's roles under
// cmd/importer are not this controller's.
package provision

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets;sprockets,verbs=get;list;update
// +kubebuilder:rbac:groups=apps.example.com,resources=gizmoes,verbs=update

func reconcile(w *appsv1.Widget, sp *appsv1.Sprocket, g *appsv1.Gizmo, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s)
	_ = controllerutil.SetControllerReference(sp, child, s)
	_ = controllerutil.SetControllerReference(g, child, s) // want `reference to a Gizmo.*add // \+kubebuilder:rbac:groups=apps.example.com,resources=gizmoes/finalizers,verbs=update`
}
