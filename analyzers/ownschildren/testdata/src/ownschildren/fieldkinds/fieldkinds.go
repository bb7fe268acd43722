// Reproduces reconcilers that collect their children in a []client.Object
// field of a builder (set in a literal, appended by a method, appended by a
// method its caller hands the object to, the field promoted from an
// embedded struct), then give each a controller reference and create it in
// a loop over what the builder returns: each kind stored in the field is a
// child. Objects kept in another field, which nothing creates, are not.
package fieldkinds

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

// objects is embedded in builder: its Objects field is promoted.
type objects struct {
	Objects []client.Object
	// stale are objects to delete, never created.
	stale []client.Object
}

type builder struct {
	objects
	owner *cachev1.Memcached
}

func newBuilder(m *cachev1.Memcached) *builder {
	return &builder{owner: m, objects: objects{Objects: []client.Object{&corev1.ServiceAccount{}}}}
}

func (b *builder) withConfig() *builder {
	b.Objects = append(b.Objects, &corev1.ConfigMap{})
	return b
}

func (b *builder) add(obj client.Object) *builder {
	b.Objects = append(b.Objects, obj)
	return b
}

func (b *builder) forget(obj client.Object) *builder {
	b.stale = append(b.stale, obj)
	return b
}

func (b *builder) build() []client.Object { return b.Objects }

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	b := newBuilder(m).withConfig().add(&corev1.Secret{}).forget(&corev1.Service{})
	for _, obj := range b.build() {
		if err := controllerutil.SetControllerReference(m, obj, r.Scheme()); err != nil { // want `corev1.Secret is created with a controller reference to cachev1.Memcached but its controller does not watch it` `corev1.ServiceAccount is created with a controller reference to cachev1.Memcached but its controller does not watch it`
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	for _, obj := range b.stale {
		if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&corev1.ConfigMap{}).Complete(r)
}

// set keeps the objects a reconciler made in a field of its own.
type set struct {
	items []client.Object
}

// Watching creates the Deployments it keeps in its set and watches them.
type Watching struct {
	client.Client
	made set
}

func (r *Watching) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.made.items = append(r.made.items, &appsv1.Deployment{})
	for _, obj := range r.made.items {
		if err := controllerutil.SetControllerReference(m, obj, r.Scheme()); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *Watching) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&appsv1.Deployment{}).Complete(r)
}
