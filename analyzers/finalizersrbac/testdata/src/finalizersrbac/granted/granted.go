// A kubebuilder controller with the finalizers permission its controller references need, in controller-gen's list spellings.
package granted

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Widget struct{ metav1.ObjectMeta }
type Box struct{ metav1.ObjectMeta }
type Registry struct{ metav1.ObjectMeta }
type Child struct{ metav1.ObjectMeta }

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets/finalizers;boxes/finalizers,verbs=update
// +kubebuilder:rbac:groups=apps.example.com,resources=registries/finalizers,verbs={get,update}

func reconcile(w *Widget, b *Box, r *Registry, c *Child, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, c, s)
	_ = controllerutil.SetControllerReference(b, c, s)
	_ = controllerutil.SetControllerReference(r, c, s)
}
