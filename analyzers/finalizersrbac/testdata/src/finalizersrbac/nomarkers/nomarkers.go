// A controller package without RBAC markers in a repository without RBAC manifests: its role is declared where the rule cannot see it, and the rule says so once instead of reporting.
package nomarkers

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Widget struct{ metav1.ObjectMeta }
type Child struct{ metav1.ObjectMeta }

func reconcile(w *Widget, c *Child, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, c, s) // want `finalizersrbac cannot see the RBAC roles this controller is deployed with \(no \+kubebuilder:rbac marker in this package, and in no Role or ClusterRole manifest of its repository\), so it does not check the owner reference here that blocks owner deletion.*set finalizersrbac.roles`
}
