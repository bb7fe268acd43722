// A controller package without RBAC markers of its own in a module whose manifests hold its rules: the generated config/rbac/role.yaml and a Helm chart's template. Roles under test/ and in nested modules are not the controller's.
package controller

import (
	appsv1 "finalizersrbac/apis/apps/v1"
	batchv1 "finalizersrbac/apis/batch/v1"
	stalev1 "finalizersrbac/apis/stale/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func reconcile(w *appsv1.Widget, g *appsv1.Gizmo, j *batchv1.Job, run *stalev1.Run, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s)   // config/rbac/role.yaml
	_ = controllerutil.SetControllerReference(j, child, s)   // charts/op/templates/_helpers.tpl
	_ = controllerutil.SetControllerReference(run, child, s) // charts/op/templates/clusterrole.yaml
	_ = controllerutil.SetControllerReference(g, child, s)   // want `reference to a Gizmo.*add // \+kubebuilder:rbac:groups=apps.example.com,resources=gizmoes/finalizers,verbs=update`
}
