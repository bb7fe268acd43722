package typedclient

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

// HelperReconciler reads its Gadget through a helper that hands the typed
// Get's error back as it is.
type HelperReconciler struct {
	client.Client
	Gadgets widgetsv1.GadgetsGetter
}

func (r *HelperReconciler) gadget(w *widgetsv1.Widget) (*widgetsv1.Gadget, error) {
	return r.Gadgets.Gadgets(w.Namespace).Get(w.Spec.GadgetName, metav1.GetOptions{})
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := r.gadget(w); apierrors.IsNotFound(err) {
		return ctrl.Result{}, err // want `when a referenced Gadget that r.gadget reads is already deleted, this return keeps Widget from ever reaching the removal of finalizer "example.com/cleanup"`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizerName)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}
