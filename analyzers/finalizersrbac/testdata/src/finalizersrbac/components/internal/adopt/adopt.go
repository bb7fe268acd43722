// A controller package without markers: the generated role grants the
// Sprockets' finalizers; the tool's role under cmd/importer/deploy, which
// does not, is another program's.
package adopt

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func reconcile(sp *appsv1.Sprocket, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(sp, child, s)
}
