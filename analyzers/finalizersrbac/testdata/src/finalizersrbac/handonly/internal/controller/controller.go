// Reproduces an operator without RBAC markers, deployed with a role written by hand, that writes a report per Node with a controller reference to the Node it only reads: the missing grant goes into that role, not into a marker nothing generates a role from.
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
	if err := controllerutil.SetControllerReference(node, rep, r.Scheme); err != nil { // want `SetControllerReference sets blockOwnerDeletion on a reference to a Node, .*unless the controller may update nodes/finalizers: no role grants it; add a rule to the controller's roles under deploy/static: apiGroups \[""\], resources \[nodes/finalizers\], verbs \[update\]`
		return err
	}
	return r.Create(ctx, rep)
}
