// Reproduces a cleanup that lists an application's Jobs as metadata only
// (their kind set on the list) and deletes each without a propagation
// policy: the Jobs' Pods are orphaned as with a typed Delete. The same
// cleanup of metadata-only ConfigMaps, or with a policy, is silent.
package jobs

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type metadataCleanup struct {
	c client.Client
}

func (m *metadataCleanup) deleteJobs(ctx context.Context, ns string) error {
	jobs := &metav1.PartialObjectMetadataList{}
	jobs.SetGroupVersionKind(schema.GroupVersionKind{Group: "batch", Version: "v1", Kind: "JobList"})
	if err := m.c.List(ctx, jobs, client.InNamespace(ns)); err != nil {
		return err
	}
	for _, job := range jobs.Items {
		if err := m.c.Delete(ctx, &job); err != nil { // want `this Delete of a Job passes no propagation policy`
			return err
		}
	}
	return nil
}

func (m *metadataCleanup) deleteJobsInBackground(ctx context.Context, ns string) error {
	jobs := &metav1.PartialObjectMetadataList{}
	jobs.SetGroupVersionKind(schema.GroupVersionKind{Group: "batch", Version: "v1", Kind: "JobList"})
	if err := m.c.List(ctx, jobs, client.InNamespace(ns)); err != nil {
		return err
	}
	for i := range jobs.Items {
		if err := m.c.Delete(ctx, &jobs.Items[i], client.PropagationPolicy(metav1.DeletePropagationBackground)); err != nil {
			return err
		}
	}
	return nil
}

func (m *metadataCleanup) deleteConfigMap(ctx context.Context, ns, name string) error {
	cm := &metav1.PartialObjectMetadata{}
	cm.SetGroupVersionKind(schema.GroupVersionKind{Version: "v1", Kind: "ConfigMap"})
	cm.SetNamespace(ns)
	cm.SetName(name)
	return client.IgnoreNotFound(m.c.Delete(ctx, cm))
}
