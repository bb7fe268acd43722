// A controller that sets its controller references through helpers taking the owner as client.Object or a type parameter, in another package and in its own: the owner's kind is known where the helper is called.
package helpercaller

import (
	"context"

	appsv1 "finalizersrbac/apis/apps/v1"
	"finalizersrbac/helpers"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=widgets;gizmoes,verbs=get;list;watch;update
// +kubebuilder:rbac:groups=apps.example.com,resources=widgets/finalizers,verbs=update

func reconcile(w *appsv1.Widget, g *appsv1.Gizmo, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = helpers.Own(w, child, s)
	_ = helpers.Own(g, child, s)                                                                                                       // want `Own sets blockOwnerDeletion on a reference to a Gizmo.*resources=gizmoes/finalizers`
	_ = helpers.OwnVia(g, child, s)                                                                                                    // also `reference to a Gizmo`
	_ = helpers.OwnGeneric(s, g, child)                                                                                                // also `reference to a Gizmo`
	child.OwnerReferences = append(child.OwnerReferences, (&helpers.Builder{Scheme: s}).Ref(g, appsv1.GroupVersion.WithKind("Gizmo"))) // also `reference to a Gizmo`
	_ = helpers.Loose(g, child, s)                                                                                                     // alone
	_ = own(g, child, s)                                                                                                               // also `reference to a Gizmo`
	_ = own(w, child, s)
	// Blocking as the caller says, or turned off by the helper.
	_ = helpers.OwnAs(g, child, s, true)  // also `reference to a Gizmo`
	_ = helpers.OwnAs(g, child, s, false) // alone
	_ = helpers.OwnUnblocked(g, child, s) // alone
	_ = ownAs(g, child, s, true)          // also `reference to a Gizmo`
	_ = ownAs(g, child, s, false)         // alone
}

// ownAs hands its flag on to a helper of another package.
func ownAs(obj client.Object, child client.Object, s *runtime.Scheme, block bool) error {
	return helpers.OwnAs(obj, child, s, block)
}

// sync hands owner and child to constructors that keep them for a method
// of what they return: the controller reference is set there.
func sync(ctx context.Context, c client.Client, w *appsv1.Widget, g *appsv1.Gizmo, child *corev1.ConfigMap, s *runtime.Scheme) error {
	syncers := []helpers.Syncer{
		helpers.NewChildSyncer(g, child, c, s), // also `reference to a Gizmo`
		helpers.NewChildSyncer(w, child, c, s),
		helpers.NewAnnotator(g, child, c),
	}
	for _, sy := range syncers {
		if err := sy.Sync(ctx); err != nil {
			return err
		}
	}
	return nil
}

// own is the package's own helper.
func own(obj client.Object, child client.Object, s *runtime.Scheme) error {
	return controllerutil.SetControllerReference(obj, child, s)
}

// refs puts references built by helpers of another package on child: the
// owner is the object whose metadata the helper is given.
func refs(w *appsv1.Widget, g *appsv1.Gizmo, child *corev1.ConfigMap, kind string) {
	child.OwnerReferences = append(child.OwnerReferences, *helpers.RefTo(g, "apps.example.com/v1", "Gizmo"))                       // also `reference to a Gizmo`
	child.OwnerReferences = append(child.OwnerReferences, helpers.RefOf(metav1.TypeMeta{Kind: "Gizmo"}, g.ObjectMeta, true, true)) // also `reference to a Gizmo`
	child.OwnerReferences = append(child.OwnerReferences, helpers.RefOf(metav1.TypeMeta{Kind: "Gizmo"}, g.ObjectMeta, true, false))
	child.OwnerReferences = append(child.OwnerReferences, *helpers.RefTo(w, "apps.example.com/v1", "Widget"))
	yes := true
	child.OwnerReferences = append(child.OwnerReferences, metav1.OwnerReference{APIVersion: "apps.example.com/v1", Kind: kind, Name: g.Name, UID: g.UID, BlockOwnerDeletion: &yes}) // also `reference to a Gizmo`
}
