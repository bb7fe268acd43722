// Reproduces a runner that deletes a finished Job without a propagation
// policy and then removes the Job's Pods itself, by label with DeleteAllOf
// or through a helper that lists and deletes them: nothing is orphaned for
// good, and nothing is reported. A Job deleted beside a ConfigMap, with no
// Pod deleted, still is.
package jobs

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type sweeper struct{ c client.Client }

func (s *sweeper) dropRun(ctx context.Context, job *batchv1.Job) error {
	if err := client.IgnoreNotFound(s.c.Delete(ctx, job)); err != nil {
		return err
	}
	return s.c.DeleteAllOf(ctx, &corev1.Pod{}, client.InNamespace(job.Namespace), client.MatchingLabels{"run": job.Name})
}

func (s *sweeper) dropRunAndPods(ctx context.Context, job *batchv1.Job) error {
	if err := s.c.Delete(ctx, job); err != nil {
		return err
	}
	return s.deletePodsOf(ctx, job)
}

func (s *sweeper) deletePodsOf(ctx context.Context, job *batchv1.Job) error {
	pods := &corev1.PodList{}
	if err := s.c.List(ctx, pods, client.InNamespace(job.Namespace), client.MatchingLabels{"run": job.Name}); err != nil {
		return err
	}
	for i := range pods.Items {
		if err := client.IgnoreNotFound(s.c.Delete(ctx, &pods.Items[i])); err != nil {
			return err
		}
	}
	return nil
}

func (s *sweeper) dropRunAndConfig(ctx context.Context, job *batchv1.Job, cm *corev1.ConfigMap) error {
	if err := s.c.Delete(ctx, job); err != nil { // want `this Delete of a Job passes no propagation policy`
		return err
	}
	return s.c.Delete(ctx, cm)
}
