// Reproduces an operator on a reconciler library deletionlint cannot see, whose Sync (called on every reconcile, deletion included, as the entry-points setting declares) reads the Secret its spec names before any deletion test; a sibling that tests deletion first reads nothing while deleting.
package declared

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"adapterdeletion/declared/fw"
)

// The library is handed the implementation where the operator starts it.
var _ fw.Syncer = (*mirrorSyncer)(nil)

type Mirror struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MirrorSpec
}

type MirrorSpec struct {
	SourceSecret string
}

func (in *Mirror) DeepCopyObject() runtime.Object { return in }

type mirrorSyncer struct{ c client.Client }

func (s *mirrorSyncer) Sync(ctx context.Context, obj client.Object) error {
	m := obj.(*Mirror)
	src := &corev1.Secret{}
	if err := s.c.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.SourceSecret}, src); err != nil { // want `Sync resolves a dependency \(s.c.Get, which returns an error when the referenced object is not found\) before checking whether Mirror is being deleted: the framework calls Syncer.Sync on every reconcile`
		return err
	}
	return nil
}

var _ fw.Syncer = (*guardedSyncer)(nil)

// guardedSyncer tests deletion first: a Mirror being deleted has nothing
// to copy, and its Secret is not read.
type guardedSyncer struct{ c client.Client }

func (s *guardedSyncer) Sync(ctx context.Context, obj client.Object) error {
	m := obj.(*Mirror)
	if !m.DeletionTimestamp.IsZero() {
		return nil
	}
	src := &corev1.Secret{}
	return s.c.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.SourceSecret}, src)
}
