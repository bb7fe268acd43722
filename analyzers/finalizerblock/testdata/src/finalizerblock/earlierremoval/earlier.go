// Reproduces a reconciler that drops its finalizers only when its options are invalid (an escape hatch, early in Reconcile) and later reads a dependency, returning when it is gone: no path from that read leads to a finalizer removal, so the read does not decide whether the finalizer is released and is not reported. // want package:`order\(releases DockerCluster, DockerMachine\)`
package earlierremoval

import (
	"context"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/api"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.Spec.NetworkName == "" {
		if !cluster.DeletionTimestamp.IsZero() {
			cluster.SetFinalizers(nil)
			if err := r.Update(ctx, cluster); err != nil {
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, fmt.Errorf("invalid options")
	}
	network := &api.Network{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.NetworkName}, network); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// BackupReconciler reads the cluster it backs up, treats its absence as no
// cluster, and only then returns another call's error: that return is a
// retry of that call, not caused by the missing cluster.
type BackupReconciler struct {
	client.Client
}

func (r *BackupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	machine := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, machine); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster := &api.DockerCluster{}
	err := r.Get(ctx, client.ObjectKey{Namespace: machine.Namespace, Name: machine.Labels["cluster"]}, cluster)
	if err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		cluster = nil
	}
	if err = checkDeadline(cluster); err != nil {
		return ctrl.Result{}, err
	}
	if !machine.DeletionTimestamp.IsZero() {
		machine.SetFinalizers(nil)
		return ctrl.Result{}, r.Update(ctx, machine)
	}
	return ctrl.Result{}, nil
}

func checkDeadline(cluster *api.DockerCluster) error {
	if cluster != nil && cluster.Spec.NetworkName == "" {
		return fmt.Errorf("no network")
	}
	return nil
}
