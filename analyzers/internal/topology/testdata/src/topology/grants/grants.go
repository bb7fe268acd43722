// +groupName=shop.example.com

// Package grants is an operator deployed with config/rbac/role.yaml: its
// Store controller may create Deployments but only read ConfigMaps, and
// may only get Secrets. The graph says, on each edge, whether the roles
// let the controller do it. The Kiosk controller's kind is written by no
// role read, so those roles are not known to be its own: what they lack,
// the graph does not claim it lacks. (Nor does the role grant
// stores/finalizers, which the Deployment's controller reference needs:
// finalizersrbac's finding, on the owns arrow.)
package grants

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "shop.example.com/cleanup"

type Store struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Store) DeepCopyObject() runtime.Object { return in }

type Kiosk struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Kiosk) DeepCopyObject() runtime.Object { return in }

type StoreReconciler struct {
	client.Client
	Scheme *runtime.Scheme
	// remoteFor returns a client of the cluster a Store's stock lives in.
	remoteFor func(ctx context.Context, s *Store) (client.Client, error)
}

func (r *StoreReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Store{}).
		Owns(&appsv1.Deployment{}).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}

func (r *StoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Store{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !s.DeletionTimestamp.IsZero() {
		key := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: s.Namespace, Name: s.Name + "-key"}}
		if err := r.Delete(ctx, key); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		remote, err := r.remoteFor(ctx, s)
		if err != nil {
			return ctrl.Result{}, err
		}
		claim := &corev1.PersistentVolumeClaim{ObjectMeta: metav1.ObjectMeta{Namespace: s.Namespace, Name: s.Name + "-stock"}}
		if err := remote.Delete(ctx, claim); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(s, finalizer)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	if controllerutil.AddFinalizer(s, finalizer) {
		return ctrl.Result{}, r.Update(ctx, s)
	}
	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Namespace: s.Namespace, Name: s.Name}}
	if err := controllerutil.SetControllerReference(s, dep, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, dep); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: s.Namespace, Name: s.Name + "-prices"}}
	if err := controllerutil.SetControllerReference(s, cm, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, cm))
}

type KioskReconciler struct {
	client.Client
}

func (r *KioskReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Kiosk{}).Complete(r)
}

func (r *KioskReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	k := &Kiosk{}
	if err := r.Get(ctx, req.NamespacedName, k); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !k.DeletionTimestamp.IsZero() {
		sign := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: k.Namespace, Name: k.Name + "-sign"}}
		if err := r.Delete(ctx, sign); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(k, finalizer)
		return ctrl.Result{}, r.Update(ctx, k)
	}
	controllerutil.AddFinalizer(k, finalizer)
	return ctrl.Result{}, r.Update(ctx, k)
}
