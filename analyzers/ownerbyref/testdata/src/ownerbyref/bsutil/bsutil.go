// Package bsutil mirrors Cluster API bootstrap's util package: GetConfigOwner follows a config's owner references in another package.
package bsutil

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ConfigOwner is the Machine or MachinePool that owns a bootstrap config.
type ConfigOwner struct{ Name string }

// GetConfigOwner returns the owner of obj, from its owner references.
func GetConfigOwner(ctx context.Context, c client.Client, obj metav1.Object) (*ConfigOwner, error) {
	for _, ref := range obj.GetOwnerReferences() {
		return &ConfigOwner{Name: ref.Name}, nil
	}
	return nil, nil
}
