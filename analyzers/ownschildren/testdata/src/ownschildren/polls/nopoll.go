package polls

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	widgetsv1 "ownschildren/apiversions/api/v1"
)

// SometimesPolls polls while the child is being created but not once it
// exists: a deleted child waits for the next resync.
type SometimesPolls struct {
	client.Client
}

func (r *SometimesPolls) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(w, cm, r.Scheme()); err != nil { // want `corev1.ConfigMap is created with a controller reference to widgetsv1.Widget but its controller does not watch it: a deleted or changed ConfigMap is not repaired until the next resync`
		return ctrl.Result{}, err
	}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err == nil {
		return ctrl.Result{}, nil
	}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *SometimesPolls) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&widgetsv1.Widget{}).Complete(r)
}
