// A controller package without RBAC markers: its role is declared elsewhere (another package, a hand-written role.yaml), so nothing is reported.
package nomarkers

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Widget struct{ metav1.ObjectMeta }
type Child struct{ metav1.ObjectMeta }

func reconcile(w *Widget, c *Child, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, c, s)
}
