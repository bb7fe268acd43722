// Reproduces reconcile steps that call a dependency helper of another package returning the operator's status: a step that stops when the status asks to, before its deletion branch, keeps the ConfigMap's finalizer once a Secret is gone; one whose helper skips missing Secrets does not. // want package:`order\(ConfigMap needs Secret; releases ConfigMap\)`
package ownstatus

import (
	"context"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/ownstatus/deps"
	"finalizerblock/ownstatus/status"
)

type SharedSteps struct {
	client.Client
}

func (r *SharedSteps) stepWaits(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	_, st := deps.Secrets(ctx, r.Client, cm.Namespace, strings.Fields(cm.Data["peers"]))
	if st.Stop() {
		return st // want `when a Secret that deps.Secrets looks up is already deleted, this return keeps ConfigMap from ever reaching the removal of finalizer "example.com/tunnel"`
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return status.Failed(r.Update(ctx, cm))
	}
	return status.Done()
}

func (r *SharedSteps) stepSkips(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	_, st := deps.PresentSecrets(ctx, r.Client, cm.Namespace, strings.Fields(cm.Data["peers"]))
	if st.Stop() {
		return st
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return status.Failed(r.Update(ctx, cm))
	}
	return status.Done()
}
