package scenario_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/cascade"
	"github.com/deletionlint/deletionlint/runtime/deletion"
	"github.com/deletionlint/deletionlint/runtime/finalizer"
	"github.com/deletionlint/deletionlint/runtime/internal/cloud"
	"github.com/deletionlint/deletionlint/runtime/internal/testapi"
)

// finalizerName is the finalizer the widget controller manages.
const finalizerName = "test.deletionlint.dev/external"

// adapter talks to the cloud for one Widget.
type adapter struct {
	cloud *cloud.Cloud
	// ref is the external resource's ID; empty when none was created.
	ref string
	// value is what a new external resource holds (resolved from the
	// parent when there is one).
	value string
}

// widgetController is the reconciler these scenarios run in a real manager.
// Every Widget gets an external resource recorded in status.externalRef and
// a finalizer that deletes it. A Widget with spec.parent resolves its parent
// to build its adapter; a Widget with controlled Widget children deletes them
// (foreground) and waits for them to be gone before releasing its finalizer.
type widgetController struct {
	client.Client
	apiReader client.Reader
	cloud     *cloud.Cloud
}

// Reconcile implements reconcile.Reconciler.
func (r *widgetController) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w testapi.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	fin := finalizer.Runner{Client: r.Client, APIReader: r.apiReader, Name: finalizerName, Cleanup: r.cleanup}
	if res, err := fin.Reconcile(ctx, &w); err != nil || deletion.IsDeleting(&w) {
		return res, err
	}
	a, err := r.adapterFor(ctx, &w)
	if err != nil {
		return ctrl.Result{}, err
	}
	if w.Status.ExternalRef != "" {
		return ctrl.Result{}, nil
	}
	before := w.DeepCopy()
	w.Status.ExternalRef = r.cloud.Create(string(w.UID), a.value)
	if err := r.Status().Patch(ctx, &w, client.MergeFrom(before)); err != nil {
		return ctrl.Result{}, fmt.Errorf("record external resource of %s: %w", req, err)
	}
	return ctrl.Result{}, nil
}

// adapterFor builds the adapter, deletion first (see deletion.BuildAdapter).
func (r *widgetController) adapterFor(ctx context.Context, w *testapi.Widget) (*adapter, error) {
	return deletion.BuildAdapter(ctx, w, deletion.AdapterBuilder[*adapter]{
		ExternalRef: func() (string, bool) { return w.Status.ExternalRef, w.Status.ExternalRef != "" },
		FromExternal: func(ctx context.Context, ref string) (*adapter, error) {
			return &adapter{cloud: r.cloud, ref: ref}, nil
		},
		FromSpec: func(ctx context.Context) (*adapter, error) {
			a := &adapter{cloud: r.cloud, ref: w.Status.ExternalRef, value: w.Spec.Value}
			if w.Spec.Parent == "" {
				return a, nil
			}
			var parent testapi.Widget
			key := client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.Parent}
			if err := r.Get(ctx, key, &parent); err != nil {
				if apierrors.IsNotFound(err) {
					return nil, deletion.NewDependencyNotFound("Widget", key.Namespace, key.Name, err)
				}
				return nil, err
			}
			a.value = parent.Spec.Value + "/" + w.Spec.Value
			return a, nil
		},
	})
}

// cleanup deletes the Widget's controlled children and then its external
// resource.
func (r *widgetController) cleanup(ctx context.Context, obj client.Object) error {
	w, ok := obj.(*testapi.Widget)
	if !ok {
		return fmt.Errorf("cleanup: %T is not a Widget", obj)
	}
	var children testapi.WidgetList
	if err := r.List(ctx, &children, client.InNamespace(w.Namespace)); err != nil {
		return fmt.Errorf("list children of %s: %w", w.Name, err)
	}
	for i := range children.Items {
		child := &children.Items[i]
		if !metav1.IsControlledBy(child, w) {
			continue
		}
		gone, err := cascade.DeleteAndWait(ctx, r.Client, child, metav1.DeletePropagationForeground)
		var stuck *cascade.StuckError
		switch {
		case errors.As(err, &stuck):
			return finalizer.Requeue(200*time.Millisecond, stuck.Error())
		case err != nil:
			return err
		case !gone:
			return finalizer.Requeue(200*time.Millisecond, "child "+child.Name+" not gone yet")
		}
	}
	a, err := r.adapterFor(ctx, w)
	if err != nil {
		// Orphaned (parent gone, nothing recorded): the Runner releases
		// the finalizer.
		return err
	}
	if a.ref == "" {
		return nil
	}
	if err := a.cloud.Delete(a.ref); err != nil {
		if errors.Is(err, cloud.ErrNotFound) {
			return deletion.NewDependencyNotFound("ExternalResource", "", a.ref, err)
		}
		return err
	}
	return nil
}
