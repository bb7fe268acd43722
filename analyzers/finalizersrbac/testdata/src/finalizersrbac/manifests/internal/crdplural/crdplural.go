// A controller of a kind whose resource name its CRD manifest declares (redis, not the default plural redises): the manifests' grant of redis/finalizers is the one it needs.
package crdplural

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func reconcile(r *appsv1.Redis, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(r, child, s)
}
