// Package api reproduces a Cluster API infrastructure provider's API types
// (CAPD's DockerCluster, DockerMachine) for the finalizerblock cases.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const (
	ClusterFinalizer = "dockercluster.infrastructure.cluster.x-k8s.io"
	MachineFinalizer = "dockermachine.infrastructure.cluster.x-k8s.io"
)

type DockerCluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec DockerClusterSpec
}

type DockerClusterSpec struct {
	NetworkName string
	ClusterName string
}

func (in *DockerCluster) DeepCopyObject() runtime.Object { return in }

type DockerMachine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *DockerMachine) DeepCopyObject() runtime.Object { return in }

type Network struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Network) DeepCopyObject() runtime.Object { return in }

type DockerClusterList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []DockerCluster
}

func (in *DockerClusterList) DeepCopyObject() runtime.Object { return in }
