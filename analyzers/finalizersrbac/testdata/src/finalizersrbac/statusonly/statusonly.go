// Reproduces a controller that makes its Widget the controller of a ConfigMap in two places: in the status computation, on a desired ConfigMap that is only compared with the live one (it never reaches the API server, so no permission is needed), and in the reconciliation that creates it, which needs update on widgets/finalizers.
package statusonly

import (
	"context"

	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets,verbs=get;list;watch;update
// +kubebuilder:rbac:groups=apps.example.com,resources=widgets/status,verbs=update

type WidgetReconciler struct {
	client.Client
}

// inSync reports whether the live ConfigMap is the one the Widget asks for.
func (r *WidgetReconciler) inSync(w *appsv1.Widget, live *corev1.ConfigMap) (bool, error) {
	desired := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	desired.Data = map[string]string{"owner": w.Name}
	if err := controllerutil.SetControllerReference(w, desired, r.Scheme()); err != nil {
		return false, err
	}
	return equality.Semantic.DeepEqual(desired.Data, live.Data) &&
		equality.Semantic.DeepEqual(desired.OwnerReferences, live.OwnerReferences), nil
}

func (r *WidgetReconciler) create(ctx context.Context, w *appsv1.Widget) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	if err := controllerutil.SetControllerReference(w, cm, r.Scheme()); err != nil { // want `SetControllerReference sets blockOwnerDeletion on a reference to a Widget`
		return err
	}
	return r.Create(ctx, cm)
}
