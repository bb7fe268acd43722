// Controllers whose children delete themselves once they finish (a Job
// given a time to live after it finishes, by a helper in another package
// here, by an assignment in assigned): such a child's deletion is by
// design, and nothing should make it again, so an unwatched one is not
// reported. kept makes a Job without one, which is.
package selfdeleting

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/selfdeleting/warmup"
)

type WarmupReconciler struct {
	client.Client
}

func (r *WarmupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.Annotations["warmed"] == "true" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, warmup.Start(ctx, r.Client, m, cachev1.GroupVersion.WithKind("Memcached"), m.Name+"-warmup")
}

func (r *WarmupReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Complete(r)
}
