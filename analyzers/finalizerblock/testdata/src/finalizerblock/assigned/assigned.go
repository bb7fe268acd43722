// Controllers that release their finalizer by assigning the object's // want package:`order\(Widget needs Gadget, Widget needs Secret; releases Widget\)`
// Finalizers field, as code written before controllerutil.RemoveFinalizer
// does: a loop that keeps the other finalizers (obj.Finalizers = kept), a
// helper that filters a list (obj.ObjectMeta.Finalizers =
// removeString(...)), or nil. A lookup of a referenced object that returns
// before such an assignment keeps the finalizer once that object is gone.
// An assignment that adds (an append), sets (a literal with elements) or
// copies another object's list removes nothing, and a deletion that takes
// not-found as gone reaches its assignment.
package assigned

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

const cleanupFinalizer = "example.com/cleanup"

// Controller is a client-go controller whose sync handler releases the
// finalizer with a loop that keeps the others.
type Controller struct {
	widgets widgetsv1.WidgetsGetter
	gadgets widgetsv1.GadgetsGetter
}

func (c *Controller) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	w, err := c.widgets.Widgets(ns).Get(name, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if w.DeletionTimestamp == nil {
		return nil
	}
	if _, err := c.gadgets.Gadgets(ns).Get(w.Spec.GadgetName, metav1.GetOptions{}); err != nil {
		return err // want `when the Gadget named by w.Spec.GadgetName is already deleted, this return keeps Widget from ever reaching the removal of its finalizer while it is being deleted`
	}
	var kept []string
	for _, f := range w.Finalizers {
		if f != cleanupFinalizer {
			kept = append(kept, f)
		}
	}
	w.Finalizers = kept
	_, err = c.widgets.Widgets(ns).Update(w)
	return err
}

// TolerantController takes a missing Gadget as gone.
type TolerantController struct {
	widgets widgetsv1.WidgetsGetter
	gadgets widgetsv1.GadgetsGetter
}

func (c *TolerantController) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	w, err := c.widgets.Widgets(ns).Get(name, metav1.GetOptions{})
	if err != nil {
		return client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp == nil {
		return nil
	}
	if _, err := c.gadgets.Gadgets(ns).Get(w.Spec.GadgetName, metav1.GetOptions{}); err != nil && !apierrors.IsNotFound(err) {
		return err
	}
	w.Finalizers = nil
	_, err = c.widgets.Widgets(ns).Update(w)
	return err
}

// Reconciler reads the Secret its Widget names before its deletion branch,
// which filters the finalizer out with a helper of the package.
type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.GadgetName}, secret); err != nil {
		return ctrl.Result{}, err // want `when the Secret named by w.Spec.GadgetName is already deleted, this return keeps Widget from ever reaching the removal of finalizer "example.com/cleanup" while it is being deleted`
	}
	if !w.ObjectMeta.DeletionTimestamp.IsZero() {
		if containsString(w.ObjectMeta.Finalizers, cleanupFinalizer) {
			w.ObjectMeta.Finalizers = removeString(w.ObjectMeta.Finalizers, cleanupFinalizer)
			if err := r.Update(ctx, w); err != nil {
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, nil
	}
	if !containsString(w.ObjectMeta.Finalizers, cleanupFinalizer) {
		w.ObjectMeta.Finalizers = append(w.ObjectMeta.Finalizers, cleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// KeepingReconciler reads the same Secret before its deletion branch, but
// that branch removes no finalizer: it adds one, sets the list to a
// literal, or copies another object's: nothing is kept from a removal.
type KeepingReconciler struct {
	client.Client
}

func (r *KeepingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.GadgetName}, secret); err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		switch secret.Labels["mode"] {
		case "append":
			w.Finalizers = append(w.Finalizers, "example.com/audit")
		case "set":
			w.Finalizers = []string{cleanupFinalizer, "example.com/audit"}
		default:
			w.Finalizers = secret.Finalizers
		}
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func removeString(list []string, s string) []string {
	var out []string
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// CopyReconciler keeps a copy of each Widget without its finalizers, after
// reading the Secret the Widget names; it removes no finalizer of the
// Widget's (the one it adds is released by another controller): the
// copy's cleared list is a new object's.
type CopyReconciler struct {
	client.Client
}

func (r *CopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.GadgetName}, secret); err != nil {
		return ctrl.Result{}, err
	}
	if controllerutil.AddFinalizer(w, "example.com/copies") {
		if err := r.Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	cp := &widgetsv1.Widget{}
	cp.Name, cp.Namespace = w.Name+"-copy", w.Namespace
	cp.Spec = w.Spec
	cp.Finalizers = nil
	return ctrl.Result{}, r.Create(ctx, cp)
}
