// Reproduces an operator's own generic reconciler: one Reconcile tests deletion and calls the delete method of a per-kind handler before it removes the finalizer; the DNS record's handler returns the not-found of the zone its spec names, while its sibling treats a gone certificate authority as deleted.
package handler

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const cleanupFinalizer = "example.com/cleanup"

type kindHandler interface {
	delete(ctx context.Context, obj client.Object) error
}

type genericReconciler struct {
	client.Client
	newObject func() client.Object
	handler   kindHandler
}

func (r *genericReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	obj := r.newObject()
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		if err := r.handler.delete(ctx, obj); err != nil {
			return reconcile.Result{}, err
		}
		controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
		return reconcile.Result{}, r.Update(ctx, obj)
	}
	return reconcile.Result{}, nil
}

type DNSRecord struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec DNSRecordSpec
}

type DNSRecordSpec struct {
	ZoneName string
}

func (in *DNSRecord) DeepCopyObject() runtime.Object { return in }

type dnsHandler struct{ c client.Client }

func (h *dnsHandler) delete(ctx context.Context, obj client.Object) error {
	rec := obj.(*DNSRecord)
	zone := &corev1.ConfigMap{}
	if err := h.c.Get(ctx, client.ObjectKey{Namespace: rec.Namespace, Name: rec.Spec.ZoneName}, zone); err != nil {
		return err // want `when the ConfigMap named by rec.Spec.ZoneName is already deleted, this return keeps DNSRecord from ever reaching the removal of finalizer "example.com/cleanup": handler.genericReconciler.Reconcile calls kindHandler.delete only while DNSRecord is being deleted, and keeps the finalizer while it fails; if the deletion needs what the ConfigMap holds \(settings the cleanup reads\), keep the ConfigMap until then with a finalizer that this deletion removes last \(a namespace deletion deletes both in any order\); otherwise treat not-found as gone while deleting`
	}
	delete(zone.Data, rec.Name)
	return h.c.Update(ctx, zone)
}

type Certificate struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec CertificateSpec
}

type CertificateSpec struct {
	IssuerName string
}

func (in *Certificate) DeepCopyObject() runtime.Object { return in }

type certHandler struct{ c client.Client }

func (h *certHandler) delete(ctx context.Context, obj client.Object) error {
	cert := obj.(*Certificate)
	issuer := &corev1.Secret{}
	err := h.c.Get(ctx, client.ObjectKey{Namespace: cert.Namespace, Name: cert.Spec.IssuerName}, issuer)
	if apierrors.IsNotFound(err) {
		return nil // the issuer is gone: nothing left to revoke
	}
	if err != nil {
		return err
	}
	return h.c.Delete(ctx, issuer)
}
