// The controller is made by another package's helper given the reconciler,
// and handed to a helper of this package that adds its watches through a
// project's wrapper of source.Kind.
package watches

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	cachev1 "ownschildren/api/v1"
	"ownschildren/newcontroller/common"
)

// Add makes the Cache controller.
func Add(mgr manager.Manager) error {
	r := &ReconcileCache{client: mgr.GetClient(), scheme: mgr.GetScheme()}
	c, err := common.NewController(mgr, "cache", r)
	if err != nil {
		return err
	}
	return addWatches(mgr, c, r)
}

func addWatches(mgr manager.Manager, c controller.Controller, r *ReconcileCache) error {
	m := r.matcher
	if err := c.Watch(common.NamespacedKind(m, mgr.GetCache(), &cachev1.Cache{}, &handler.TypedEnqueueRequestForObject[*cachev1.Cache]{})); err != nil {
		return err
	}
	return addChildWatches(mgr, c, m)
}

func addChildWatches(mgr manager.Manager, c controller.Controller, m common.Matcher) error {
	return c.Watch(common.NamespacedKind(m, mgr.GetCache(), &appsv1.Deployment{},
		handler.TypedEnqueueRequestForOwner[*appsv1.Deployment](mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Cache{})))
}

type ReconcileCache struct {
	client  client.Client
	scheme  *runtime.Scheme
	matcher common.Matcher
}

func (r *ReconcileCache) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	cc := &cachev1.Cache{}
	if err := r.client.Get(ctx, req.NamespacedName, cc); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{} // watched
	if err := controllerutil.SetControllerReference(cc, d, r.scheme); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.client.Create(ctx, d); err != nil {
		return reconcile.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(cc, cm, r.scheme); err != nil { // want `corev1.ConfigMap is created with a controller reference to cachev1.Cache but its controller does not watch it`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.client.Create(ctx, cm)
}
