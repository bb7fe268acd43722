package ownerwaits

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"blockownerdeletion/ownerwaits/api"
)

// replaceOwner returns refs with the reference to from replaced by to.
func replaceOwner(refs []metav1.OwnerReference, from metav1.Object, to metav1.OwnerReference) []metav1.OwnerReference {
	out := []metav1.OwnerReference{to}
	for _, r := range refs {
		if r.UID != from.GetUID() {
			out = append(out, r)
		}
	}
	return out
}

// moveStage hands an existing Stage over to another Pipeline. A Pipeline's
// deletion waits for its Stages (PipelineReconciler), so the new owner
// cannot be gone before the Stage either.
func moveStage(ctx context.Context, c client.Client, s *api.Stage, from, to *api.Pipeline) error {
	s.OwnerReferences = replaceOwner(s.OwnerReferences, from, metav1.OwnerReference{
		APIVersion: "example.com/v1",
		Kind:       "Pipeline",
		Name:       to.Name,
		UID:        to.UID,
		Controller: ptr.To(true),
	})
	return c.Update(ctx, s)
}

// moveStep hands an existing Step over to another Batch, whose deletion
// does not wait for its Steps.
func moveStep(ctx context.Context, c client.Client, s *api.Step, from, to *api.Batch) error {
	s.OwnerReferences = replaceOwner(s.OwnerReferences, from, metav1.OwnerReference{ // want `controller owner reference without blockOwnerDeletion`
		APIVersion: "example.com/v1",
		Kind:       "Batch",
		Name:       to.Name,
		UID:        to.UID,
		Controller: ptr.To(true),
	})
	return c.Update(ctx, s)
}
