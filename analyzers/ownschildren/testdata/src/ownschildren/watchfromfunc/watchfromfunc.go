// Reproduces controllers that add watches with the controller's Watch and
// source.Kind: the watched object is the object argument only (not the
// owner type a handler is given, nor what a mapping function builds), and
// an object a function returns as client.Object, its kind chosen at run
// time, is a kind the analysis cannot name, so the controller's watches are
// not all known.
package watchfromfunc

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	cachev1 "ownschildren/api/v1"
)

// objectFor picks the version of the child's API the cluster serves.
func objectFor(version string) (client.Object, error) {
	switch version {
	case "v1":
		return &corev1.Secret{}, nil
	case "v1alpha1":
		return &corev1.ConfigMap{}, nil
	}
	return nil, errors.New("unknown version")
}

// toOwner maps a child to its controller owner, by hand.
func toOwner(_ context.Context, obj client.Object) []reconcile.Request {
	var out []reconcile.Request
	for _, ref := range obj.GetOwnerReferences() {
		if ref.Controller != nil && *ref.Controller {
			out = append(out, reconcile.Request{NamespacedName: types.NamespacedName{Namespace: obj.GetNamespace(), Name: ref.Name}})
		}
	}
	return out
}

type MemcachedReconciler struct {
	client.Client
	version string
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	child, err := objectFor(r.version)
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetControllerReference(m, child, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	s := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(m, s, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, s)
}

// SetupWithManager watches the object objectFor returns, of a kind known
// only at run time: silent.
func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	c, err := ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Build(r)
	if err != nil {
		return err
	}
	obj, err := objectFor(r.version)
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), obj, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
		return []reconcile.Request{{NamespacedName: types.NamespacedName{Name: o.GetName()}}}
	})))
}

type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(c, s, r.Scheme()); err != nil { // want `corev1.Secret is created with a controller reference to cachev1.Cache but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(c, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

// SetupWithManager watches ConfigMaps, kept in a variable, mapped by hand;
// the Secret the reconciler creates is not watched (the requests the
// mapping function builds are not watches).
func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	c, err := ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}).Build(r)
	if err != nil {
		return err
	}
	watched := &corev1.ConfigMap{}
	return c.Watch(source.Kind[client.Object](mgr.GetCache(), watched, handler.EnqueueRequestsFromMapFunc(toOwner)))
}
