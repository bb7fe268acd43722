// Reproduces operators whose children are embedded manifests decoded into objects of no static kind: by a package's Load(name) that reads an embed.FS into an unstructured object, by the universal deserializer into a runtime.Object, and by a local decoder given the bytes of another package's manifest (a custom resource). The kinds are the manifests': each one the builder does not watch is reported, for the file a constant name reads; the watched ones, a file whose name is known only at run time, a manifest created with no controller reference and one whose kind is templated are not.
package decodedmanifests

import (
	"bytes"
	"context"
	_ "embed"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
	"ownschildren/decodedmanifests/assets"
	_ "ownschildren/decodedmanifests/monitoring/v1"
)

//go:embed manifests/daemonset.yaml
var daemonSetYAML []byte

//go:embed manifests/configmap.yaml
var defaultsYAML []byte

//go:embed manifests/extra.yaml.tmpl
var extraTemplate string

// decode reads one manifest into an unstructured object.
func decode(data []byte) (*unstructured.Unstructured, error) {
	u := &unstructured.Unstructured{}
	err := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096).Decode(u)
	return u, err
}

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, name := range []string{"workload/service.yaml"} {
		svc, err := assets.Load(name)
		if err != nil {
			return ctrl.Result{}, err
		}
		if err := r.own(ctx, m, svc); err != nil {
			return ctrl.Result{}, err
		}
	}
	sts, err := assets.Load("workload/statefulset.yaml")
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetControllerReference(m, sts, r.Scheme()); err != nil { // want `appsv1.StatefulSet is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, sts); err != nil {
		return ctrl.Result{}, err
	}
	obj, _, err := serializer.NewCodecFactory(r.Scheme()).UniversalDeserializer().Decode(daemonSetYAML, nil, nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	ds := obj.(client.Object)
	if err := controllerutil.SetControllerReference(m, ds, r.Scheme()); err != nil { // want `appsv1.DaemonSet is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, ds); err != nil {
		return ctrl.Result{}, err
	}
	pm, err := decode(assets.PodMonitor)
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := r.own(ctx, m, pm); err != nil { // want `monitoringv1.PodMonitor is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	// A file chosen at run time: which of the workload's kinds is not known.
	chosen, err := assets.Load("workload/" + req.Name + ".yaml")
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := r.own(ctx, m, chosen); err != nil {
		return ctrl.Result{}, err
	}
	// Shared defaults: created without an owner, deleted by no one.
	defaults, err := decode(defaultsYAML)
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, defaults); err != nil {
		return ctrl.Result{}, err
	}
	// A manifest of a kind known only when the template is executed.
	extra, err := decode([]byte(extraTemplate))
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.own(ctx, m, extra)
}

// own makes owner the controller of obj and creates it.
func (r *MemcachedReconciler) own(ctx context.Context, owner, obj client.Object) error {
	if err := controllerutil.SetControllerReference(owner, obj, r.Scheme()); err != nil {
		return err
	}
	return r.Create(ctx, obj)
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&corev1.Service{}).Complete(r)
}
