package finalizer_test

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/cascade"
	"github.com/deletionlint/deletionlint/runtime/deletion"
	"github.com/deletionlint/deletionlint/runtime/finalizer"
)

// ExampleRunner shows a reconciler whose finalizer deletes an external
// resource; a missing dependency counts as already cleaned up.
func ExampleRunner() {
	deleteExternal := func(ctx context.Context, obj client.Object) error {
		// Resolve and delete the external resource here; report a missing
		// parent with deletion.NewDependencyNotFound.
		return nil
	}
	reconcile := func(ctx context.Context, c client.Client, req ctrl.Request) (ctrl.Result, error) {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, req.NamespacedName, &cm); err != nil {
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
		fin := finalizer.Runner{Client: c, Name: "example.com/external", Cleanup: deleteExternal}
		if res, err := fin.Reconcile(ctx, &cm); err != nil || deletion.IsDeleting(&cm) {
			return res, err
		}
		// Reconcile the live object.
		return ctrl.Result{}, nil
	}
	_ = reconcile
}

// ExampleRequeue shows a Cleanup that deletes a dependent and keeps the
// finalizer until it is gone.
func ExampleRequeue() {
	cleanup := func(c client.Client, dependent client.Object) func(ctx context.Context, obj client.Object) error {
		return func(ctx context.Context, obj client.Object) error {
			gone, err := cascade.DeleteAndWait(ctx, c, dependent, metav1.DeletePropagationForeground)
			var stuck *cascade.StuckError
			switch {
			case errors.As(err, &stuck):
				return finalizer.Requeue(30*time.Second, stuck.Error())
			case err != nil:
				return err
			case !gone:
				return finalizer.Requeue(2*time.Second, "waiting for "+dependent.GetName())
			}
			return nil
		}
	}
	_ = cleanup
}

func ExampleAdd() {
	ensure := func(ctx context.Context, c client.Client, obj client.Object) error {
		return finalizer.Add(ctx, c, obj, "example.com/external")
	}
	_ = ensure
}

func ExampleRemove() {
	release := func(ctx context.Context, c client.Client, obj client.Object) error {
		return finalizer.Remove(ctx, c, obj, "example.com/external")
	}
	_ = release
}
