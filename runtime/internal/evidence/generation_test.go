package evidence_test

import (
	"context"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// TestGenerationOfChildren records which child edits bump
// metadata.generation, the only thing predicate.GenerationChangedPredicate
// lets through on an update (it does not filter creations and deletions):
// the evidence behind driftgate's event-filter message.
func TestGenerationOfChildren(t *testing.T) {
	ctx := context.Background()
	ns := env.Namespace(t)

	job := &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "once"},
		Spec: batchv1.JobSpec{
			Suspend: ptr.To(true),
			Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
				RestartPolicy: corev1.RestartPolicyNever,
				Containers:    []corev1.Container{{Name: "c", Image: "busybox"}},
			}},
		},
	}
	if err := env.Client.Create(ctx, job); err != nil {
		t.Fatal(err)
	}
	gen := job.Generation
	job.Status.Conditions = append(job.Status.Conditions, batchv1.JobCondition{Type: batchv1.JobSuspended, Status: corev1.ConditionTrue, Reason: "Test", Message: "status edit", LastTransitionTime: metav1.Now()})
	if err := env.Client.Status().Update(ctx, job); err != nil {
		t.Fatal(err)
	}
	if job.Generation != gen {
		t.Errorf("a Job's status change bumped its generation %d -> %d", gen, job.Generation)
	}
	job.Labels = map[string]string{"edited": "yes"}
	if err := env.Client.Update(ctx, job); err != nil {
		t.Fatal(err)
	}
	if job.Generation != gen {
		t.Errorf("a Job's label edit bumped its generation %d -> %d", gen, job.Generation)
	}
	job.Spec.Suspend = ptr.To(false)
	if err := env.Client.Update(ctx, job); err != nil {
		t.Fatal(err)
	}
	if job.Generation == gen {
		t.Errorf("a Job's spec edit left its generation at %d", gen)
	}

	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "settings"}, Data: map[string]string{"k": "v"}}
	if err := env.Client.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	gen = cm.Generation
	cm.Data["k"] = "edited"
	if err := env.Client.Update(ctx, cm); err != nil {
		t.Fatal(err)
	}
	if cm.Generation != gen {
		t.Errorf("a ConfigMap's data edit bumped its generation %d -> %d", gen, cm.Generation)
	}

	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "creds"}, StringData: map[string]string{"k": "v"}}
	if err := env.Client.Create(ctx, s); err != nil {
		t.Fatal(err)
	}
	gen = s.Generation
	s.StringData = map[string]string{"k": "edited"}
	if err := env.Client.Update(ctx, s); err != nil {
		t.Fatal(err)
	}
	if s.Generation != gen {
		t.Errorf("a Secret's data edit bumped its generation %d -> %d", gen, s.Generation)
	}
}
