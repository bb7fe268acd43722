package ownerparam

// Reproduces an operator's own owner-reference helpers: one builds a
// controller reference to whatever owner it is given (its UID read through
// meta.Accessor), another appends it to an object's references. The
// reconciler owns a Deployment (its child) and a ConfigMap owned by that
// Deployment (not its child).

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

// ownerRef returns a controller reference to owner.
func ownerRef(owner client.Object) (metav1.OwnerReference, error) {
	acc, err := meta.Accessor(owner)
	if err != nil {
		return metav1.OwnerReference{}, err
	}
	isController := true
	block := true
	return metav1.OwnerReference{
		APIVersion:         "v1",
		Kind:               "Owner",
		Name:               acc.GetName(),
		UID:                acc.GetUID(),
		Controller:         &isController,
		BlockOwnerDeletion: &block,
	}, nil
}

// setOwner appends a controller reference to owner to obj's references.
func setOwner(owner client.Object, obj metav1.Object) error {
	ref, err := ownerRef(owner)
	if err != nil {
		return err
	}
	obj.SetOwnerReferences(append(obj.GetOwnerReferences(), ref))
	return nil
}

type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := setOwner(c, dep); err != nil { // want `appsv1.Deployment is created with a controller reference to cachev1.Cache but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, dep); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := setOwner(dep, cm); err != nil { // the Deployment's child, not the Cache's
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}).Complete(r)
}
