package unstored

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// StatusOnlyReconciler adds its finalizer and writes the Token back only
// through setPhase, a status write two helpers deep (ensureConfig only reads
// it, as an owner): the finalizer is never stored, so the Secret lookup
// cannot keep a Token from being deleted.
type StatusOnlyReconciler struct {
	client.Client
}

func (r *StatusOnlyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var t Token
	if err := r.Get(ctx, req.NamespacedName, &t); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: t.Namespace, Name: t.Spec.SecretName}, secret); err != nil {
		r.setPhase(ctx, t, "SecretMissing")
		return ctrl.Result{}, err
	}
	if !t.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(&t, statusOnlyFinalizer)
		return ctrl.Result{}, r.Update(ctx, &t)
	}
	if !controllerutil.ContainsFinalizer(&t, statusOnlyFinalizer) {
		controllerutil.AddFinalizer(&t, statusOnlyFinalizer)
	}
	if err := r.ensureConfig(ctx, t); err != nil {
		return ctrl.Result{}, err
	}
	r.setPhase(ctx, t, "Ready")
	return ctrl.Result{}, nil
}

// ensureConfig only reads the Token, as the owner of the ConfigMap it
// creates.
func (r *StatusOnlyReconciler) ensureConfig(ctx context.Context, t Token) error {
	cm := &corev1.ConfigMap{}
	cm.Namespace, cm.Name = t.Namespace, t.Name
	if err := ctrl.SetControllerReference(&t, cm, r.Scheme()); err != nil {
		return err
	}
	return client.IgnoreAlreadyExists(r.Create(ctx, cm))
}

func (r *StatusOnlyReconciler) setPhase(ctx context.Context, t Token, phase string) {
	t.Status.Phase = phase
	_ = r.writeStatus(ctx, &t)
}

func (r *StatusOnlyReconciler) writeStatus(ctx context.Context, t *Token) error {
	return r.Status().Update(ctx, t)
}

// StoredReconciler writes the Token back with Update after adding the
// finalizer: it is stored, and a gone Secret keeps the Token forever.
type StoredReconciler struct {
	client.Client
}

func (r *StoredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var t Token
	if err := r.Get(ctx, req.NamespacedName, &t); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: t.Namespace, Name: t.Spec.SecretName}, secret); err != nil {
		return ctrl.Result{}, err // want `when the Secret named by t.Spec.SecretName is already deleted, this return keeps Token from ever reaching the removal of finalizer "example.com/revoke"`
	}
	if !t.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(&t, finalizerName)
		return ctrl.Result{}, r.Update(ctx, &t)
	}
	if controllerutil.AddFinalizer(&t, finalizerName) {
		if err := r.Update(ctx, &t); err != nil {
			return ctrl.Result{}, err
		}
	}
	t.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &t)
}

// SavedReconciler hands the Token to a helper that patches it: the
// finalizer is stored.
type SavedReconciler struct {
	client.Client
}

func (r *SavedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	t := &Token{}
	if err := r.Get(ctx, req.NamespacedName, t); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: t.Namespace, Name: t.Spec.SecretName}, secret); err != nil {
		return ctrl.Result{}, err // want `when the Secret named by t.Spec.SecretName is already deleted, this return keeps Token`
	}
	if !t.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(t, finalizerName)
		return ctrl.Result{}, r.Update(ctx, t)
	}
	controllerutil.AddFinalizer(t, finalizerName)
	if err := r.save(ctx, t); err != nil {
		return ctrl.Result{}, err
	}
	t.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, t)
}

func (r *SavedReconciler) save(ctx context.Context, t *Token) error {
	return r.Patch(ctx, t, client.Merge)
}
