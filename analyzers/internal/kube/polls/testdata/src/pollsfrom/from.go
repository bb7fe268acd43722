// Package pollsfrom holds reconcilers whose names say whether the passes
// that reach their call of made poll: Polls_N ones do, every N seconds at
// most; NoPoll ones do not.
package pollsfrom

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// made marks where a reconciler makes its child.
func made() {}

// Polls_120 returns at two gates without asking for another pass, before
// it makes anything; every pass that gets as far as made polls.
type Polls_120 struct{ client.Client }

func (r *Polls_120) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data == nil {
		return ctrl.Result{}, nil
	}
	return r.normal(ctx, cm)
}

func (r *Polls_120) normal(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if len(cm.Labels) == 0 {
		return ctrl.Result{}, nil
	}
	if err := r.ensure(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	if cm.Annotations == nil {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
	}
	return ctrl.Result{RequeueAfter: 2 * time.Minute}, nil
}

func (r *Polls_120) ensure(ctx context.Context, cm *corev1.ConfigMap) error {
	made()
	return r.Update(ctx, cm)
}

// Polls_10 makes its child in a loop whose every pass ends polling.
type Polls_10 struct{ client.Client }

func (r *Polls_10) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	list := &corev1.ConfigMapList{}
	if err := r.List(ctx, list); err != nil {
		return ctrl.Result{}, err
	}
	if len(list.Items) == 0 {
		return ctrl.Result{}, nil
	}
	for range list.Items {
		made()
	}
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}

// NoPoll ends a pass that made its child without asking for another once
// nothing is left to do.
type NoPoll struct{ client.Client }

func (r *NoPoll) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.normal(ctx, cm)
}

func (r *NoPoll) normal(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	made()
	if cm.Annotations == nil {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, nil
}

// NoPollValue hands the function that makes its child to another as a
// value: its callers are not all known, so every pass counts, and one
// does not poll.
type NoPollValue struct{ client.Client }

func (r *NoPollValue) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if req.Name == "" {
		return ctrl.Result{}, nil
	}
	run(r.step)
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *NoPollValue) step() { made() }

func run(f func()) { f() }

// Polls_45 hands its steps to a loop as values, as NoPollValue does, and
// every pass polls.
type Polls_45 struct{ client.Client }

func (r *Polls_45) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"^polls every 45s$"
	steps := []func(context.Context) (ctrl.Result, error){r.first, r.second}
	for _, step := range steps {
		if _, err := step(ctx); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{RequeueAfter: 45 * time.Second}, nil
}

func (r *Polls_45) first(ctx context.Context) (ctrl.Result, error) {
	made()
	return ctrl.Result{}, nil
}

func (r *Polls_45) second(ctx context.Context) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
