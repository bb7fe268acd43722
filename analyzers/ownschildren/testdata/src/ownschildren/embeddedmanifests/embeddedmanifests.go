// Reproduces an operator whose children are manifests embedded with go:embed, decoded into objects of known kinds (into a typed object, or through a decoder and a type assertion) and given a controller reference before they are created: the Deployment is not watched, the Service is.
package embeddedmanifests

import (
	"context"
	_ "embed"
	"encoding/json"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

//go:embed manifests/deployment.yaml
var deploymentManifest []byte

//go:embed manifests/service.yaml
var serviceManifest []byte

// decode decodes a manifest into an object of the kind it names.
func decode(data []byte) (runtime.Object, error) {
	svc := &corev1.Service{}
	return svc, json.Unmarshal(data, svc)
}

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := json.Unmarshal(deploymentManifest, dep); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetControllerReference(m, dep, r.Scheme()); err != nil { // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, dep); err != nil {
		return ctrl.Result{}, err
	}
	obj, err := decode(serviceManifest)
	if err != nil {
		return ctrl.Result{}, err
	}
	svc := obj.(*corev1.Service)
	if err := controllerutil.SetControllerReference(m, svc, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, svc)
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&corev1.Service{}).Complete(r)
}
