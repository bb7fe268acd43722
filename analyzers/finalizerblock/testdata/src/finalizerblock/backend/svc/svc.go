// Package svc reproduces a Cluster API provider's cloud backend in a package of its own: its ReconcileDelete deletes the cloud resources and releases the infrastructure cluster's finalizer.
package svc

import (
	"context"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

// Service is the backend.
type Service struct{}

// ReconcileDelete deletes the cloud network and releases the finalizer.
func (s *Service) ReconcileDelete(ctx context.Context, cluster *clusterv1.Cluster, obj *api.DockerCluster) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(obj, api.ClusterFinalizer)
	return ctrl.Result{}, nil
}

// ReconcileNormal creates the cloud network.
func (s *Service) ReconcileNormal(ctx context.Context, cluster *clusterv1.Cluster, obj *api.DockerCluster) (ctrl.Result, error) {
	controllerutil.AddFinalizer(obj, api.ClusterFinalizer)
	return ctrl.Result{}, nil
}
