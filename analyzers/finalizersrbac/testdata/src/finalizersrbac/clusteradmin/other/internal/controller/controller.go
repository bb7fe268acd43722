// Reproduces an operator whose service account is bound to the read-only ClusterRole view, to cluster-admin in its own namespace only, and to a role of its own without finalizers: it writes a report per Node with a
// controller reference to the Node; nothing lets it update nodes/finalizers.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Reconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *Reconciler) report(ctx context.Context, node *corev1.Node) error {
	rep := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: node.Name}}
	if err := controllerutil.SetControllerReference(node, rep, r.Scheme); err != nil { // want `SetControllerReference sets blockOwnerDeletion on a reference to a Node, .*unless the controller may update nodes/finalizers`
		return err
	}
	return r.Create(ctx, rep)
}
