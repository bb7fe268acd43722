// Reproduces reconcile steps that make their lookups in helpers returning the operator's own status: the step stops when the status asks to, before its deletion branch, so a Secret found missing by the helper (one lookup, or a loop that notes each missing Secret and goes on) keeps the ConfigMap's finalizer; a helper that treats the missing Secret as gone, or a deletion branch that comes first, does not.
package ownstatus

import (
	"context"
	"strings"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/ownstatus/status"
)

type Steps struct {
	client.Client
}

func (r *Steps) ensurePeer(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	peer := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["peer"]}, peer); err != nil {
		if apierrors.IsNotFound(err) {
			return status.Done().WaitingFor("Secret", cm.Data["peer"])
		}
		return status.Failed(err)
	}
	return status.Done()
}

func (r *Steps) stepStopsFirst(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	if st := r.ensurePeer(ctx, cm); st.Stop() {
		return st // want `when the Secret named by cm.Data\["peer"\] is already deleted, this return keeps ConfigMap from ever reaching the removal of finalizer "example.com/tunnel"`
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return status.Failed(r.Update(ctx, cm))
	}
	return status.Done()
}

func (r *Steps) stepDeletesFirst(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return status.Failed(r.Update(ctx, cm))
	}
	if st := r.ensurePeer(ctx, cm); st.Stop() {
		return st
	}
	return status.Done()
}

// ensurePeers notes every missing Secret and goes on to the next.
func (r *Steps) ensurePeers(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	var st status.Status
	for _, name := range strings.Fields(cm.Data["peers"]) {
		peer := &corev1.Secret{}
		if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: name}, peer); err != nil {
			if apierrors.IsNotFound(err) {
				st = st.WaitingFor("Secret", name)
				continue
			}
			st = st.WithError(err)
		}
	}
	return st
}

func (r *Steps) stepWaitsForAll(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	st := r.ensurePeers(ctx, cm)
	if stop := st.Stop(); stop {
		return st // want `when the Secret named by name is already deleted, this return keeps ConfigMap from ever reaching the removal of finalizer "example.com/tunnel"`
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return status.Failed(r.Update(ctx, cm))
	}
	return status.Done()
}

// goneIsFine treats a missing Secret as nothing to wait for.
func (r *Steps) goneIsFine(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	peer := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["peer"]}, peer)
	if apierrors.IsNotFound(err) {
		return status.Done()
	}
	return status.Failed(err)
}

func (r *Steps) stepToleratesGone(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	if st := r.goneIsFine(ctx, cm); st != nil {
		return st
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return status.Failed(r.Update(ctx, cm))
	}
	return status.Done()
}
