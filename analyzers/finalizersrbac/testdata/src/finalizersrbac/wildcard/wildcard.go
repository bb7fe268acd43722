// A controller granted every verb on every resource of its group (a wildcard ClusterRole written as markers).
package wildcard

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Widget struct{ metav1.ObjectMeta }
type Child struct{ metav1.ObjectMeta }

// +kubebuilder:rbac:groups=apps.example.com,resources=*,verbs=*

func reconcile(w *Widget, c *Child, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, c, s)
}
