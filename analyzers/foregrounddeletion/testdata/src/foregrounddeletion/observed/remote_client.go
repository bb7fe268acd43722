// Reproduces a machine controller that, while deleting a machine, deletes
// its Node from the workload cluster through that cluster's client (looked
// up in a cache of cluster clients) and only logs a failure. The Node lives
// in another cluster: it is no dependent of the machine, whose finalizer
// this cluster's garbage collector and API server know nothing of.
package observed

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const machineFinalizer = "example.com/machine"

type WorkerMachine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec WorkerMachineSpec
}

type WorkerMachineSpec struct {
	ClusterName string
	NodeName    string
}

func (in *WorkerMachine) DeepCopyObject() runtime.Object { return in }

// clusterClients hands out the clients of workload clusters.
type clusterClients interface {
	ClientFor(ctx context.Context, cluster string) (client.Client, error)
}

type WorkerMachineReconciler struct {
	client.Client
	Clusters clusterClients
}

func (r *WorkerMachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &WorkerMachine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	workload, err := r.Clusters.ClientFor(ctx, m.Spec.ClusterName)
	if err != nil {
		return ctrl.Result{}, err
	}
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: m.Spec.NodeName}}
	if err := workload.Delete(ctx, node); err != nil {
		log.Printf("deleting node %s: %v", node.Name, err) // best effort
	}
	r.drain(ctx, workload, m.Spec.NodeName)
	controllerutil.RemoveFinalizer(m, machineFinalizer)
	return ctrl.Result{}, r.Update(ctx, m)
}

// drain deletes the Node's leftover lease through the client it is given,
// always the workload cluster's.
func (r *WorkerMachineReconciler) drain(ctx context.Context, c client.Client, nodeName string) {
	lease := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "kube-node-lease", Name: nodeName}}
	if err := c.Delete(ctx, lease); err != nil {
		log.Printf("deleting lease %s: %v", nodeName, err)
	}
}
