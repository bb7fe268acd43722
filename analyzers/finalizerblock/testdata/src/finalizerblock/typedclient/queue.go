package typedclient

import (
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

// Controller is a client-go controller: its sync handler reads the Widget
// it was queued for by the work-queue key. A Widget that is gone has
// nothing left to do: that not-found is not a lookup of another object.
type Controller struct {
	widgets widgetsv1.WidgetsGetter
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
	if w.DeletionTimestamp != nil {
		controllerutil.RemoveFinalizer(w, finalizerName)
		_, err = c.widgets.Widgets(ns).Update(w)
		return err
	}
	return nil
}

// GadgetController's sync handler waits for the Widget's Gadget before it
// looks at deletion: once the Gadget is gone, the Widget keeps its
// finalizer for good.
type GadgetController struct {
	widgets widgetsv1.WidgetsGetter
	gadgets widgetsv1.GadgetsGetter
}

func (c *GadgetController) sync(key string) error {
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
	if _, err := c.gadgets.Gadgets(ns).Get(w.Spec.GadgetName, metav1.GetOptions{}); apierrors.IsNotFound(err) {
		return errors.New("waiting for the gadget") // want `when the Gadget named by w.Spec.GadgetName is already deleted, this return keeps Widget from ever reaching the removal of finalizer "example.com/cleanup"`
	}
	if w.DeletionTimestamp != nil {
		controllerutil.RemoveFinalizer(w, finalizerName)
		_, err = c.widgets.Widgets(ns).Update(w)
		return err
	}
	return nil
}

// RefreshController's deletion re-reads the Widget it was handed, by its
// own name, into the same variable: a Widget that is gone has nothing left
// to delete. Its read of the Gadget the Widget names, made the same way,
// is a lookup of another object.
type RefreshController struct {
	widgets widgetsv1.WidgetsGetter
	gadgets widgetsv1.GadgetsGetter
}

func (c *RefreshController) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	w, err := c.widgets.Widgets(ns).Get(name, metav1.GetOptions{})
	if err != nil {
		return nil
	}
	if w.DeletionTimestamp != nil {
		return c.finalize(w)
	}
	return nil
}

func (c *RefreshController) finalize(w *widgetsv1.Widget) error {
	w, err := c.widgets.Widgets(w.Namespace).Get(w.Name, metav1.GetOptions{})
	if err != nil {
		if !apierrors.IsNotFound(err) {
			return err
		}
		return nil
	}
	g, err := c.gadgets.Gadgets(w.Namespace).Get(w.Spec.GadgetName, metav1.GetOptions{})
	if err != nil {
		return nil // want `when the Gadget named by w.Spec.GadgetName is already deleted, its lookup fails with not-found and this return drops the error without requeueing`
	}
	_ = g
	controllerutil.RemoveFinalizer(w, finalizerName)
	_, err = c.widgets.Widgets(w.Namespace).Update(w)
	return err
}

// FreshCopyController's deletion reads a fresh copy of the Widget it was
// handed into a new variable, by the Widget's own name: a Widget that is
// gone has nothing left to delete. A Gadget read by the Widget's name is
// another kind, and stays a lookup of another object.
type FreshCopyController struct {
	widgets widgetsv1.WidgetsGetter
	gadgets widgetsv1.GadgetsGetter
}

func (c *FreshCopyController) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	w, err := c.widgets.Widgets(ns).Get(name, metav1.GetOptions{})
	if err != nil {
		return nil
	}
	if w.DeletionTimestamp != nil {
		return c.finalize(w)
	}
	return nil
}

func (c *FreshCopyController) finalize(w *widgetsv1.Widget) error {
	fresh, err := c.widgets.Widgets(w.ObjectMeta.Namespace).Get(w.ObjectMeta.Name, metav1.GetOptions{})
	if err != nil {
		return nil
	}
	if _, err := c.gadgets.Gadgets(w.Namespace).Get(w.Name, metav1.GetOptions{}); err != nil {
		return nil // want `when the Gadget named by w.Name is already deleted, its lookup fails with not-found and this return drops the error`
	}
	controllerutil.RemoveFinalizer(fresh, finalizerName)
	_, err = c.widgets.Widgets(fresh.Namespace).Update(fresh)
	return err
}

// CopyThenFreshController works on a copy of the cached Widget, reads the
// latest version by the Widget's own name when it has work pending, and
// releases the Widget through a method of the API package on its receiver:
// the fresh read is of the Widget itself, even though the removal names no
// object here.
type CopyThenFreshController struct {
	widgets widgetsv1.WidgetsGetter
}

func (c *CopyThenFreshController) sync(key string) {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return
	}
	orig, err := c.widgets.Widgets(ns).Get(name, metav1.GetOptions{})
	if err != nil {
		return
	}
	w := orig.DeepCopy()
	if w.Spec.GadgetName != "" {
		fresh, err := c.widgets.Widgets(ns).Get(w.ObjectMeta.Name, metav1.GetOptions{})
		if err != nil {
			return
		}
		w = fresh
	}
	if w.DeletionTimestamp != nil {
		_ = c.release(w)
	}
}

func (c *CopyThenFreshController) release(w *widgetsv1.Widget) error {
	w.UnsetCleanup()
	_, err := c.widgets.Widgets(w.Namespace).Update(w)
	return err
}
