// Package nodeutil stands for a helper package of Node utilities, one of
// which adopts a Node for the Database that provisioned it. No package of
// the test calls AdoptNode: its parameters' types alone say that a
// Database owns the Nodes it is handed.
package nodeutil

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"foregrounddeletion/dbapi"
)

// AdoptNode appends a plain, blocking reference to db to the Node's owner
// references, its kind taken from db at run time.
func AdoptNode(db *dbapi.Database, node *corev1.Node) *corev1.Node {
	block := true
	node.OwnerReferences = append(node.OwnerReferences, metav1.OwnerReference{
		APIVersion:         db.APIVersion,
		Kind:               db.Kind,
		Name:               db.Name,
		UID:                db.UID,
		BlockOwnerDeletion: &block,
	})
	return node
}

// Managed reports whether the operator manages the Node.
func Managed(node *corev1.Node) bool {
	return node.Labels["example.com/managed"] == "true"
}
