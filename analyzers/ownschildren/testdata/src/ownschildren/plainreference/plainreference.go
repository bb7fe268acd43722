// Reproduces operators whose children get a plain owner reference (controllerutil.SetOwnerReference, or a literal without Controller) although each is made for one owner: Owns, which matches controller references, watches nothing for them; MatchEveryOwner, or an object with several owners, is left alone.
package plainreference

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sts := &appsv1.StatefulSet{}
	if err := controllerutil.SetOwnerReference(m, sts, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, sts); err != nil {
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{
		Name:            m.Name,
		OwnerReferences: []metav1.OwnerReference{{APIVersion: "cache.example.com/v1", Kind: "Memcached", Name: m.Name, UID: m.UID}},
	}}
	return ctrl.Result{}, r.Create(ctx, svc)
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.StatefulSet{}). // want `Owns\(&appsv1.StatefulSet\{\}\) matches controller references only, but the StatefulSet this controller creates for its cachev1.Memcached gets a plain owner reference`
		Owns(&corev1.Service{}).     // want `Owns\(&corev1.Service\{\}\) matches controller references only`
		Complete(r)
}

// CacheReconciler watches its plainly referenced StatefulSet with
// MatchEveryOwner, and gives a shared ConfigMap references to each of its
// users.
type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sts := &appsv1.StatefulSet{}
	if err := controllerutil.SetOwnerReference(c, sts, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, sts); err != nil {
		return ctrl.Result{}, err
	}
	var users cachev1.Memcached
	if err := r.Get(ctx, client.ObjectKey{Name: "users"}, &users); err != nil {
		return ctrl.Result{}, err
	}
	shared := &corev1.ConfigMap{}
	if err := controllerutil.SetOwnerReference(c, shared, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetOwnerReference(&users, shared, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, shared)
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Cache{}).
		Owns(&appsv1.StatefulSet{}, builder.MatchEveryOwner).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}
