// Reproduces a Node's deletion code that deletes the Database that adopted
// the Node and then removes the Node's finalizer. A helper of another
// package (nodeutil.AdoptNode, reached through the package's import of
// nodeutil) appends a plain, blocking owner reference to a Database to the
// Nodes it is handed, objects the operator only updates. The Database owns
// the Node: it is no dependent of the Node, and its deletion is not
// reported. A Service the deletion code deletes and never observes gone
// is.
package unobserved

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/dbapi"
	"foregrounddeletion/nodeutil"
)

const nodeFinalizer = "example.com/node-termination"

// NodeTermination cleans up after a Node.
type NodeTermination struct {
	client.Client
}

func (r *NodeTermination) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	node := &corev1.Node{}
	if err := r.Get(ctx, req.NamespacedName, node); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if node.DeletionTimestamp.IsZero() || !nodeutil.Managed(node) {
		return ctrl.Result{}, nil
	}
	db := &dbapi.Database{ObjectMeta: metav1.ObjectMeta{Namespace: "databases", Name: node.Name}}
	if err := r.Delete(ctx, db); err != nil {
		log.Printf("deleting %s: %v", db.Name, err)
	}
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: "databases", Name: node.Name}}
	if err := r.Delete(ctx, svc); err != nil { // want `Node removes its finalizer "example.com/node-termination" after deleting the Service without observing that the Service is gone`
		log.Printf("deleting %s: %v", svc.Name, err)
	}
	controllerutil.RemoveFinalizer(node, nodeFinalizer)
	return ctrl.Result{}, r.Update(ctx, node)
}
