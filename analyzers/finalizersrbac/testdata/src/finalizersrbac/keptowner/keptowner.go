// A controller whose only owner references are set by a library's object:
// the constructor keeps the owner and the child, and the Sync method of what
// it returns sets the controller reference. The finding is at the
// constructor's call, which names the owner; a call given a nil owner sets
// no reference.
package keptowner

import (
	"context"

	appsv1 "finalizersrbac/apis/apps/v1"
	"finalizersrbac/helpers"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=gizmoes,verbs=get;list;watch;update

func reconcile(ctx context.Context, c client.Client, g *appsv1.Gizmo, s *runtime.Scheme) error {
	cm := &corev1.ConfigMap{}
	if err := helpers.NewChildSyncer(nil, cm, c, s).Sync(ctx); err != nil { // no owner: no reference
		return err
	}
	return helpers.NewChildSyncer(g, cm, c, s).Sync(ctx) // want `NewChildSyncer's result sets blockOwnerDeletion on a reference to a Gizmo.*resources=gizmoes/finalizers`
}
