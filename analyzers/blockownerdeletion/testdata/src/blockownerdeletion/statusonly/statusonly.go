// Reproduces a controller that builds the StatefulSet it wants with its controller owner reference, as a literal without blockOwnerDeletion, in two places: to compute its Queue's status (is the live StatefulSet up to date?), where the object is only compared and never reaches the API server, and to create it, where it does.
package statusonly

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Queue struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status QueueStatus
}

func (in *Queue) DeepCopyObject() runtime.Object { return in }

type QueueStatus struct {
	UpToDate bool
	Replicas int32
}

type QueueReconciler struct {
	client.Client
}

// updateStatus says whether the live StatefulSet is what the Queue asks
// for: the desired one is built only to be compared.
func (r *QueueReconciler) updateStatus(ctx context.Context, q *Queue, live *appsv1.StatefulSet) error {
	desired := &appsv1.StatefulSet{
		ObjectMeta: metav1.ObjectMeta{
			Name:      q.Name,
			Namespace: q.Namespace,
			OwnerReferences: []metav1.OwnerReference{{
				APIVersion: "queues.example.com/v1",
				Kind:       "Queue",
				Name:       q.Name,
				UID:        q.UID,
				Controller: ptr.To(true),
			}},
		},
	}
	desired.Spec.Replicas = ptr.To(int32(3))
	q.Status.UpToDate = equality.Semantic.DeepEqual(desired.Spec, live.Spec) &&
		equality.Semantic.DeepEqual(desired.OwnerReferences, live.OwnerReferences)
	if desired.Spec.Replicas != nil {
		q.Status.Replicas = *desired.Spec.Replicas
	}
	return r.Status().Update(ctx, q)
}

// create creates the StatefulSet: this reference reaches the API server.
func (r *QueueReconciler) create(ctx context.Context, q *Queue) error {
	sts := &appsv1.StatefulSet{
		ObjectMeta: metav1.ObjectMeta{
			Name:      q.Name,
			Namespace: q.Namespace,
			OwnerReferences: []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion`
				APIVersion: "queues.example.com/v1",
				Kind:       "Queue",
				Name:       q.Name,
				UID:        q.UID,
				Controller: ptr.To(true),
			}},
		},
	}
	return r.Create(ctx, sts)
}

// snapshot builds the StatefulSet and hands a copy of it on: it may be
// written, so it is reported.
func (r *QueueReconciler) snapshot(q *Queue) *appsv1.StatefulSet {
	sts := &appsv1.StatefulSet{
		ObjectMeta: metav1.ObjectMeta{
			Name: q.Name,
			OwnerReferences: []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion`
				APIVersion: "queues.example.com/v1",
				Kind:       "Queue",
				Name:       q.Name,
				UID:        q.UID,
				Controller: ptr.To(true),
			}},
		},
	}
	return sts.DeepCopy()
}
