// Package pollshapes holds reconcile functions whose names say whether
// they poll: polls_* do, with the interval in seconds after the last
// underscore ("configured" when it is not a constant); noPoll_* do not.
package pollshapes

import (
	"context"
	"errors"
	"fmt"
	"time"

	"pollshapes/requeue"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
	Every time.Duration
}

func (r *R) polls_30(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_30:"^polls every 30s$"
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.DeletionTimestamp != nil {
		return ctrl.Result{}, nil // ends the pass of an object being deleted
	}
	if cm.Data == nil {
		return ctrl.Result{}, fmt.Errorf("no data in %s", cm.Name)
	}
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
}

func (r *R) polls_delegates_30(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_delegates_30:"^polls every 30s$"
	if req.Name == "" {
		return ctrl.Result{}, errors.New("no name")
	}
	return r.polls_30(ctx, req)
}

func (r *R) polls_configured(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_configured:"^polls$"
	return ctrl.Result{RequeueAfter: r.Every}, nil
}

func (r *R) noPoll_plainSuccess(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if req.Name == "" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *R) noPoll_errorMaybeNil(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if req.Name == "" {
		return ctrl.Result{}, r.Update(ctx, cm) // nil when the update succeeds
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *R) polls_resultVariable_60(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_resultVariable_60:"^polls every 60s$"
	res := ctrl.Result{RequeueAfter: time.Minute}
	return res, nil
}

func (r *R) noPoll_zero(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: 0}, nil
}

func (r *R) noPoll_cycle(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return r.noPoll_cycle(ctx, req)
}

func (r *R) noPoll_closure(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	f := func() (ctrl.Result, error) { return ctrl.Result{RequeueAfter: time.Minute}, nil }
	_ = f
	return ctrl.Result{}, nil
}

// polls_resultVar_5 keeps its result in a variable set once, at the top.
func (r *R) polls_resultVar_5(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_resultVar_5:"^polls every 5s$"
	rr := ctrl.Result{RequeueAfter: 5 * time.Second}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return rr, client.IgnoreNotFound(err)
	}
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return rr, nil
}

// noPoll_resultVarReset sets its result variable to the zero result on one
// path.
func (r *R) noPoll_resultVarReset(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: 5 * time.Second}
	if req.Name == "done" {
		rr = ctrl.Result{}
	}
	return rr, nil
}

// polls_stepResult_configured returns a step's result only when it asks for
// another pass, and polls itself at the end.
func (r *R) polls_stepResult_configured(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_stepResult_configured:"^polls$"
	res, err := r.step(ctx, req)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !res.IsZero() {
		return res, nil
	}
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}

// noPoll_stepResultAlways returns a step's result whatever it is.
func (r *R) noPoll_stepResultAlways(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := r.step(ctx, req)
	if err != nil {
		return ctrl.Result{}, err
	}
	return res, nil
}

func (r *R) step(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if req.Name == "" {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

// polls_stepLoop_configured runs its steps in turn and returns at the
// first that fails or asks for another pass; it polls itself at the end.
func (r *R) polls_stepLoop_configured(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_stepLoop_configured:"^polls$"
	for _, step := range []func(context.Context, ctrl.Request) (ctrl.Result, error){r.step, r.step} {
		res, err := step(ctx, req)
		if err != nil || !res.IsZero() {
			return res, err
		}
	}
	return ctrl.Result{RequeueAfter: 20 * time.Second}, nil
}

type outcome struct {
	result ctrl.Result
	err    error
}

func (r *R) run(ctx context.Context, req ctrl.Request) outcome {
	res, err := r.step(ctx, req)
	return outcome{result: res, err: err}
}

// polls_outcomeFields_configured returns the fields of a step's outcome,
// each only when it says the pass failed or asks for another.
func (r *R) polls_outcomeFields_configured(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_outcomeFields_configured:"^polls$"
	o := r.run(ctx, req)
	if o.err != nil {
		return ctrl.Result{}, o.err
	}
	if 0 < o.result.RequeueAfter {
		return o.result, nil
	}
	if o.result.Requeue {
		return o.result, nil
	}
	return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
}

func annotate(err error, msg string) error {
	return fmt.Errorf("%s: %w", msg, err)
}

// polls_wrappedError_30 hands its failures back wrapped.
func (r *R) polls_wrappedError_30(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_wrappedError_30:"^polls every 30s$"
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		if req.Namespace == "" {
			return ctrl.Result{}, annotate(err, "reading "+req.Name)
		}
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
}

// noPoll_zeroStepReturned returns a step's result when it is the zero one.
func (r *R) noPoll_zeroStepReturned(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := r.step(ctx, req)
	if err != nil || res.IsZero() {
		return res, err
	}
	return ctrl.Result{RequeueAfter: 20 * time.Second}, nil
}

// noPoll_unrelatedGuard returns the zero result on a condition that says
// nothing of a failure.
func (r *R) noPoll_unrelatedGuard(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := r.Update(ctx, &corev1.ConfigMap{})
	if err != nil || req.Name == "" {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: 20 * time.Second}, nil
}

// noPoll_requeueAfterAnySign returns a step's result on a test that the
// zero result passes.
func (r *R) noPoll_requeueAfterAnySign(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, _ := r.step(ctx, req)
	if res.RequeueAfter >= 0 {
		return res, nil
	}
	return ctrl.Result{RequeueAfter: 20 * time.Second}, nil
}

// polls_helpers_30 makes its results with helpers of another package: a
// failure handed to one, another pass after a constant interval.
func (r *R) polls_helpers_30(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_helpers_30:"^polls every 30s$"
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return requeue.WithError(ctx, err, "reading "+req.Name)
	}
	if cm.Data == nil {
		return requeue.Soon()
	}
	return requeue.After(ctx, 30*time.Second, "steady")
}

// noPoll_helperDone ends one pass with the helper of a plain success.
func (r *R) noPoll_helperDone(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if req.Name == "" {
		return requeue.Done()
	}
	return requeue.After(ctx, time.Minute, "steady")
}

// noPoll_helperErrorUnchecked hands the helper an error that is nil when
// the update succeeds.
func (r *R) noPoll_helperErrorUnchecked(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := r.Update(ctx, &corev1.ConfigMap{})
	return requeue.WithError(ctx, err, "")
}

// polls_notFoundTested_30 ends the pass of an object that is gone with a
// plain success, under a test of the lookup's error.
func (r *R) polls_notFoundTested_30(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_notFoundTested_30:"^polls every 30s$"
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
}

// noPoll_foundTested returns a plain success when the lookup found it.
func (r *R) noPoll_foundTested(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, req.NamespacedName, cm)
	if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
}

// A failure made into a variable first is a failure: the pass that fails
// validation is retried with backoff, every other pass polls.
func (r *R) polls_madeErrorVariable_60(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_madeErrorVariable_60:"^polls every 60s$"
	if req.Name == "" {
		err := fmt.Errorf("request %v has no name", req)
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// An error variable that may also hold a call's nil error is not one.
func (r *R) noPoll_errorVariableMaybeNil(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := fmt.Errorf("request %v has no name", req)
	if req.Name == "" {
		err = r.Update(ctx, &corev1.ConfigMap{})
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// A pass that ends in a branch taken only while the object is being
// deleted (and something else holds) is not a live object's pass.
func (r *R) polls_deletingConjunct_60(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_deletingConjunct_60:"^polls every 60s$"
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() && cm.Labels["keep"] == "true" {
		return r.release(ctx, cm)
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// release ends a deletion pass: it never polls.
func (r *R) release(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	return ctrl.Result{}, r.Update(ctx, cm)
}

// Its else branch holds on a live object too: a pass there counts.
func (r *R) noPoll_deletingConjunctElse(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() && cm.Labels["keep"] == "true" {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	} else {
		return r.release(ctx, cm)
	}
}

// An interval held in a local set once to a constant is that constant.
func (r *R) polls_localInterval_60(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_localInterval_60:"^polls every 60s$"
	every := time.Minute
	if req.Name == "" {
		return ctrl.Result{}, fmt.Errorf("request %v has no name", req)
	}
	return ctrl.Result{RequeueAfter: every}, nil
}

// shouldSkip reports whether the user asked the controller to leave cm
// alone.
func shouldSkip(cm *corev1.ConfigMap) bool {
	return cm.Annotations["example.com/skip-reconcile"] == "true"
}

const pausedAnnotation = "example.com/paused"

// A pass the user paused or skipped repairs nothing: it says nothing of
// the polling.
func (r *R) polls_skipped_10(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_skipped_10:"^polls every 10s$"
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if shouldSkip(cm) {
		return ctrl.Result{}, nil
	}
	if _, ok := cm.Annotations[pausedAnnotation]; ok {
		return ctrl.Result{}, nil
	}
	if cm.Labels["example.com/paused"] == "true" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}

// A pass that is not paused and does not ask for another: no poll.
func (r *R) noPoll_notSkipped(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !shouldSkip(cm) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}

// A read whose error goes to a helper that ends the pass of a gone object
// and hands back any other: a failure, not a pass that succeeds.
func (r *R) polls_errorUnlessGone_10(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_errorUnlessGone_10:"^polls every 10s$"
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return requeue.WithErrorUnlessGone(ctx, err, "reading "+req.Name)
	}
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}

// polls_20 fails only when a Create fails for another reason than the
// object's being there already: a failure all the same.
func (r *R) polls_20(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want polls_20:"^polls every 20s$"
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = req.Name, req.Namespace
	if err := r.Create(ctx, cm); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: 20 * time.Second}, nil
}

// noPoll_computed asks for another pass after an interval a step
// computes, zero once there is nothing left to wait for.
func (r *R) noPoll_computed(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	after, err := r.untilReady(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: after}, nil
}

func (r *R) untilReady(ctx context.Context) (time.Duration, error) {
	if ctx.Err() != nil {
		return 0, nil
	}
	return time.Minute, nil
}
