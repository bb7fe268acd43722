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

// deleteLabelled deletes the labelled objects of the kind its callers pass:
// Jobs from one of them, so a Delete without a policy orphans Pods.
func (m *metadataCleanup) deleteLabelled(ctx context.Context, ns string, kind schema.GroupVersionKind) error {
	objs := &metav1.PartialObjectMetadataList{}
	objs.SetGroupVersionKind(kind)
	if err := m.c.List(ctx, objs, client.InNamespace(ns), client.MatchingLabels{"app": "cleanup"}); err != nil {
		return err
	}
	for i := range objs.Items {
		if err := m.c.Delete(ctx, &objs.Items[i]); err != nil { // want `this Delete of a Job passes no propagation policy`
			return err
		}
	}
	return nil
}

// deleteLabelledRoles is the same for kinds without Pods: silent.
func (m *metadataCleanup) deleteLabelledRoles(ctx context.Context, ns string, kind schema.GroupVersionKind) error {
	objs := &metav1.PartialObjectMetadataList{}
	objs.SetGroupVersionKind(kind)
	if err := m.c.List(ctx, objs, client.InNamespace(ns), client.MatchingLabels{"app": "cleanup"}); err != nil {
		return err
	}
	for i := range objs.Items {
		if err := m.c.Delete(ctx, &objs.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

func (m *metadataCleanup) cleanup(ctx context.Context, ns string) error {
	for _, kind := range []schema.GroupVersionKind{
		schema.FromAPIVersionAndKind("v1", "ConfigMapList"),
		schema.FromAPIVersionAndKind("batch/v1", "JobList"),
	} {
		if err := m.deleteLabelled(ctx, ns, kind); err != nil {
			return err
		}
	}
	if err := m.deleteLabelledRoles(ctx, ns, schema.FromAPIVersionAndKind("rbac.authorization.k8s.io/v1", "RoleList")); err != nil {
		return err
	}
	return m.deleteLabelledRoles(ctx, ns, schema.FromAPIVersionAndKind("rbac.authorization.k8s.io/v1", "RoleBindingList"))
}
