package cascade_test

import (
	"context"
	"errors"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/cascade"
)

// ExampleDeleteAndWait deletes a dependent in the foreground and surfaces a
// stuck one in a condition.
func ExampleDeleteAndWait() {
	finalize := func(ctx context.Context, c client.Client, conditions *[]metav1.Condition, dependent *appsv1.Deployment) (ctrl.Result, error) {
		gone, err := cascade.DeleteAndWait(ctx, c, dependent, metav1.DeletePropagationForeground)
		var stuck *cascade.StuckError
		switch {
		case errors.As(err, &stuck):
			meta.SetStatusCondition(conditions, metav1.Condition{
				Type: "Deleting", Status: metav1.ConditionTrue, Reason: "DependentStuck", Message: stuck.Error(),
			})
			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
		case err != nil:
			return ctrl.Result{}, err
		case !gone:
			return ctrl.Result{RequeueAfter: 2 * time.Second}, nil
		}
		// Observed gone: remove our own finalizer now.
		return ctrl.Result{}, nil
	}
	_ = finalize
}

// ExampleDeleteAndWaitFor follows the dependents of a Deployment down to its
// Pods, naming the one that holds the deletion.
func ExampleDeleteAndWaitFor() {
	deleteApp := func(ctx context.Context, c client.Client, app *appsv1.Deployment) (bool, error) {
		return cascade.DeleteAndWaitFor(ctx, c, app, metav1.DeletePropagationForeground,
			&appsv1.ReplicaSetList{}, &corev1.PodList{})
	}
	_ = deleteApp
}
