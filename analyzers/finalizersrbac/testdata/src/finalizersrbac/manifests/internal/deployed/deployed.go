// A controller deployed two ways, by the generated config/rbac and by a hand-written install manifest under deploy/: the Sprocket's finalizers are granted by the first only, so the second fails on OpenShift; the Redis's by both.
package deployed

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func reconcile(sp *appsv1.Sprocket, r *appsv1.Redis, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(sp, child, s) // want `reference to a Sprocket.*the roles under .*deploy grant sprockets but not sprockets/finalizers; add a rule there: apiGroups \["apps.example.com"\], resources \[sprockets/finalizers\], verbs \[update\]`
	_ = controllerutil.SetControllerReference(r, child, s)
}
