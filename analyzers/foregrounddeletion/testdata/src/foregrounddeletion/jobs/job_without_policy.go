// Reproduces an operator that runs a Job per apply and deletes the previous one before starting the next, through the controller-runtime client and through client-go's typed client, without a propagation policy: the API server orphans the Job's Pods; the calls that pass one are silent.
package jobs

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	batchclient "k8s.io/client-go/kubernetes/typed/batch/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type runner struct {
	c    client.Client
	jobs batchclient.JobsGetter
}

func (r *runner) deleteApplyJob(ctx context.Context, name, ns string) error {
	job := &batchv1.Job{}
	if err := r.c.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, job); err != nil {
		return client.IgnoreNotFound(err)
	}
	return client.IgnoreNotFound(r.c.Delete(ctx, job)) // want `this Delete of a Job passes no propagation policy: the API server's default for Jobs orphans their Pods \(kubectl sends background, a client sends nothing\), which keep running and are never cleaned up; pass client.PropagationPolicy\(metav1.DeletePropagationBackground\)`
}

func (r *runner) deleteWithGrace(ctx context.Context, job *batchv1.Job) error {
	return r.c.Delete(ctx, job, client.GracePeriodSeconds(0)) // want `this Delete of a Job passes no propagation policy`
}

func (r *runner) deleteTyped(ctx context.Context, name, ns string) error {
	return r.jobs.Jobs(ns).Delete(ctx, name, metav1.DeleteOptions{}) // want `this Delete of a Job passes no propagation policy: .*; set PropagationPolicy in its metav1.DeleteOptions to metav1.DeletePropagationBackground`
}

func (r *runner) deleteAll(ctx context.Context, ns string) error {
	return r.c.DeleteAllOf(ctx, &batchv1.Job{}, client.InNamespace(ns)) // want `this Delete of a Job passes no propagation policy`
}

func (r *runner) deleteBackground(ctx context.Context, job *batchv1.Job) error {
	return r.c.Delete(ctx, job, client.PropagationPolicy(metav1.DeletePropagationBackground))
}

func (r *runner) deleteOptions(ctx context.Context, job *batchv1.Job) error {
	policy := metav1.DeletePropagationForeground
	return r.c.Delete(ctx, job, &client.DeleteOptions{PropagationPolicy: &policy})
}

func (r *runner) deleteTypedBackground(ctx context.Context, name, ns string) error {
	policy := metav1.DeletePropagationBackground
	opts := metav1.DeleteOptions{PropagationPolicy: &policy}
	return r.jobs.Jobs(ns).Delete(ctx, name, opts)
}

// deletePassedOptions is given its options: the caller decides.
func (r *runner) deletePassedOptions(ctx context.Context, job *batchv1.Job, opts ...client.DeleteOption) error {
	return r.c.Delete(ctx, job, opts...)
}
