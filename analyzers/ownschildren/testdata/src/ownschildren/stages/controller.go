// Reproduces a reconciler that runs its work as stages: each stage is an
// implementation, in another package, of an interface the controller's
// package declares, and each creates children of its own kinds. A finding
// for a kind names the stage that sets that kind's reference.
package stages

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/stages/steps"
)

type MemcachedReconciler struct {
	client.Client
}

// stageFor picks the stage of a step by name.
func (r *MemcachedReconciler) stageFor(name string) steps.Stage {
	switch name {
	case "service":
		return steps.NewServiceStage(r.Client)
	case "endpoint":
		return steps.NewEndpointStage(r.Client)
	case "secret":
		return steps.NewSecretStage(r.Client)
	case "deployment":
		return steps.NewDeploymentStage(r.Client)
	}
	return nil
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, name := range []string{"secret", "service", "deployment", "endpoint"} {
		stage := r.stageFor(name)
		if stage == nil {
			continue
		}
		if err := stage.Run(ctx, m); err != nil { // want `corev1.Secret is created with a controller reference to cachev1.Memcached but its controller does not watch it` `corev1.Service is created with a controller reference to cachev1.Memcached but its controller does not watch it`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}
