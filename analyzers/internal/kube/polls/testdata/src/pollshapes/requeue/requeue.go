// Package requeue holds an operator's helpers that make reconcile results,
// which its reconcilers return from another package.
package requeue

import (
	"context"
	"fmt"
	"log"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
)

// Done ends a pass that succeeded.
func Done() (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// After asks for another pass after d.
func After(ctx context.Context, d time.Duration, msg string) (ctrl.Result, error) { // want After:"^polls at parameter 2$"
	log.Print(msg)
	return ctrl.Result{RequeueAfter: d}, nil
}

// Soon asks for another pass after ten seconds.
func Soon() (ctrl.Result, error) { // want Soon:"^polls every 10s$"
	return After(context.Background(), 10*time.Second, "soon")
}

// WithError hands err back, wrapped, for a retry with backoff.
func WithError(ctx context.Context, err error, msg string) (ctrl.Result, error) { // want WithError:"^fails with parameter 2$"
	if msg == "" {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, fmt.Errorf("%s: %w", msg, err)
}

// WithErrorUnlessGone ends the pass of an object that is gone, and hands
// any other error back for a retry.
func WithErrorUnlessGone(ctx context.Context, err error, msg string) (ctrl.Result, error) { // want WithErrorUnlessGone:"^fails with parameter 2$"
	if apierrors.IsNotFound(err) {
		return Done()
	}
	return WithError(ctx, err, msg)
}
