// A controller of a kind whose resource name its CRD manifest declares (octopi, not the default plural octopuses), deployed with a role that may update octopi but not octopi/finalizers: the missing grant is named with the CRD's plural.
package octopi

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func reconcile(o *appsv1.Octopus, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(o, child, s) // want `reference to an Octopus.*octopi/finalizers`
}
