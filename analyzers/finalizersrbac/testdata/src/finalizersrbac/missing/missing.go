// A kubebuilder controller that sets controller references on its children but whose RBAC markers grant no update on the owners' finalizers subresource (the OpenShift "cannot set blockOwnerDeletion" failure).
package missing

import (
	"finalizersrbac/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Widget is owned under its default plural.
type Widget struct{ metav1.ObjectMeta }

// +kubebuilder:resource:path=gizmoes

// Gizmo has an explicit resource path.
type Gizmo struct{ metav1.ObjectMeta }

type Child struct{ metav1.ObjectMeta }

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets;gizmoes,verbs=get;list;watch;update
// +kubebuilder:rbac:groups=apps.example.com,resources=widgets/finalizers,verbs=get
// +kubebuilder:rbac:groups=apps.example.com,resources=widgets/status,verbs=update

func reconcile(w *Widget, g *Gizmo, p *api.Policy, anyOwner client.Object, c *Child, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(w, c, s)                                                                  // also `SetControllerReference sets blockOwnerDeletion on a reference to a Widget.*add // \+kubebuilder:rbac:groups=apps.example.com,resources=widgets/finalizers,verbs=update`
	_ = controllerutil.SetControllerReference(g, c, s)                                                                  // want `resources=gizmoes/finalizers,verbs=update`
	_ = controllerutil.SetControllerReference(p, c, s)                                                                  // want `reference to a Policy.*grant update on policies/finalizers in the API group of Policy`
	_ = controllerutil.SetControllerReference(w, c, s, controllerutil.WithBlockOwnerDeletion(true))                     // also `widgets/finalizers`
	c.OwnerReferences = append(c.OwnerReferences, *metav1.NewControllerRef(w, schema.GroupVersionKind{Kind: "Widget"})) // also `widgets/finalizers`

	// Opted out: blockOwnerDeletion is false, no permission needed.
	_ = controllerutil.SetControllerReference(w, c, s, controllerutil.WithBlockOwnerDeletion(false))
	// A non-controller reference does not block deletion.
	_ = controllerutil.SetOwnerReference(w, c, s)
	// The owner's kind is not visible from its static type.
	_ = controllerutil.SetControllerReference(anyOwner, c, s)
}
