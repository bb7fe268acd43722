// A controller whose role aggregates pieces kept in other directories:
// the pieces' rules are its role's. The roles aggregated into users'
// roles grant the controller nothing, even deployed beside its role.
package controller

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func reconcile(w *appsv1.Widget, sp *appsv1.Sprocket, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, child, s)
	_ = controllerutil.SetControllerReference(sp, child, s) // want `reference to a Sprocket.*the roles under deploy/rbac grant sprockets but not sprockets/finalizers`
}
