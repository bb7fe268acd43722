// Package warmup makes run-once Jobs that delete themselves a while after
// they finish.
package warmup

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Start creates a Job, controlled by owner, that goes away ten minutes
// after it finishes.
func Start(ctx context.Context, c client.Client, owner metav1.Object, gvk schema.GroupVersionKind, name string) error {
	ttl := int32(600)
	job := &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{
			Namespace:       owner.GetNamespace(),
			Name:            name,
			OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(owner, gvk)},
		},
		Spec: batchv1.JobSpec{TTLSecondsAfterFinished: &ttl},
	}
	return c.Create(ctx, job)
}
