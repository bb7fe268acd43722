// Reproduces reconcile steps whose result is an interface whose implementations say what to do (go on, requeue): a helper that answers "go on" when the Secret it reads is missing treats it as gone, and the caller's return, taken only on a requeue, strands nothing. Which implementation means "go on" is not told by a zero value, so such results are not followed.
package ownstatus

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type outcome interface {
	Output() (ctrl.Result, error)
	Stop() bool
}

type proceed struct{}

func (proceed) Output() (ctrl.Result, error) { return ctrl.Result{}, nil }
func (proceed) Stop() bool                   { return false }

type retryAfter struct{ d time.Duration }

func (r retryAfter) Output() (ctrl.Result, error) { return ctrl.Result{RequeueAfter: r.d}, nil }
func (retryAfter) Stop() bool                     { return true }

type OutcomeSteps struct {
	client.Client
}

func (r *OutcomeSteps) checkPeer(ctx context.Context, cm *corev1.ConfigMap) outcome {
	peer := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["peer"]}, peer)
	if apierrors.IsNotFound(err) {
		return proceed{}
	}
	if err != nil {
		return retryAfter{d: time.Minute}
	}
	return proceed{}
}

func (r *OutcomeSteps) step(ctx context.Context, cm *corev1.ConfigMap) outcome {
	if o := r.checkPeer(ctx, cm); o.Stop() {
		return o
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		if err := r.Update(ctx, cm); err != nil {
			return retryAfter{d: time.Second}
		}
	}
	return proceed{}
}
