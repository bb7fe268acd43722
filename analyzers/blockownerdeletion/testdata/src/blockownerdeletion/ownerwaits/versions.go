package ownerwaits

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	mirrorv1 "blockownerdeletion/ownerwaits/otherrelease/v1"
	releasev1 "blockownerdeletion/ownerwaits/release/v1"
	releasev1beta1 "blockownerdeletion/ownerwaits/release/v1beta1"
)

// ReleaseReconciler's deletion waits for its Artifacts, listed through
// the older API version's types; it creates them through the newer one's.
// They are the same kind: the Release cannot be gone before them.
type ReleaseReconciler struct {
	client.Client
}

func (r *ReleaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rel := &releasev1.Release{}
	if err := r.Get(ctx, req.NamespacedName, rel); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !rel.DeletionTimestamp.IsZero() {
		left := &releasev1beta1.ArtifactList{}
		if err := r.List(ctx, left, client.InNamespace(rel.Namespace), client.MatchingLabels{"release": rel.Name}); err != nil {
			return ctrl.Result{}, err
		}
		if len(left.Items) > 0 {
			return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
		}
		controllerutil.RemoveFinalizer(rel, finalizer)
		return ctrl.Result{}, r.Update(ctx, rel)
	}
	a := &releasev1.Artifact{}
	a.Namespace, a.Name = rel.Namespace, rel.Name+"-bin"
	a.Labels = map[string]string{"release": rel.Name}
	a.OwnerReferences = []metav1.OwnerReference{{
		APIVersion: "release.example.com/v1",
		Kind:       "Release",
		Name:       rel.Name,
		UID:        rel.UID,
		Controller: ptr.To(true),
	}}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, a))
}

// MirrorReconciler's deletion waits for the Artifacts of its own group,
// and creates Artifacts of the release group, whose kind only shares their
// name: a foreground deletion of a Mirror does not wait for these.
type MirrorReconciler struct {
	client.Client
}

func (r *MirrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &mirrorv1.Mirror{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !m.DeletionTimestamp.IsZero() {
		left := &mirrorv1.ArtifactList{}
		if err := r.List(ctx, left, client.InNamespace(m.Namespace)); err != nil {
			return ctrl.Result{}, err
		}
		if len(left.Items) > 0 {
			return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
		}
		controllerutil.RemoveFinalizer(m, finalizer)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	a := &releasev1beta1.Artifact{}
	a.Namespace, a.Name = m.Namespace, m.Name+"-mirror"
	a.OwnerReferences = []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion`
		APIVersion: "mirror.example.com/v1",
		Kind:       "Mirror",
		Name:       m.Name,
		UID:        m.UID,
		Controller: ptr.To(true),
	}}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, a))
}
