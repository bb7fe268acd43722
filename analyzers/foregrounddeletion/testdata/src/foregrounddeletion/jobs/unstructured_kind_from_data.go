// Reproduces a controller that deletes the objects a template rendered, as unstructured objects whose kind comes from the template: any of them may be a Job, whose Pods the default policy orphans; an unstructured object of a constant kind other than Job, or deleted with a policy, is silent.
package jobs

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type pruner struct{ c client.Client }

func (p *pruner) prune(ctx context.Context, rendered []map[string]interface{}) error {
	for _, m := range rendered {
		u := &unstructured.Unstructured{Object: m}
		if err := p.c.Delete(ctx, u); client.IgnoreNotFound(err) != nil { // want `this Delete of an unstructured object passes no propagation policy and the object's kind comes from data: if it is a batch/v1 Job`
			return err
		}
	}
	return nil
}

func (p *pruner) pruneBackground(ctx context.Context, rendered []map[string]interface{}) error {
	for _, m := range rendered {
		u := &unstructured.Unstructured{Object: m}
		if err := p.c.Delete(ctx, u, client.PropagationPolicy(metav1.DeletePropagationBackground)); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	return nil
}

func (p *pruner) deleteConfigMap(ctx context.Context, name, ns string) error {
	u := &unstructured.Unstructured{}
	u.SetKind("ConfigMap")
	u.SetAPIVersion("v1")
	u.SetName(name)
	u.SetNamespace(ns)
	return p.c.Delete(ctx, u)
}

func (p *pruner) deleteJobByKind(ctx context.Context, name, ns string) error {
	u := &unstructured.Unstructured{}
	u.SetKind("Job")
	u.SetAPIVersion("batch/v1")
	u.SetName(name)
	u.SetNamespace(ns)
	return p.c.Delete(ctx, u) // want `this Delete of a Job passes no propagation policy`
}

// deleteDecoded deletes the object a manifest describes.
func (p *pruner) deleteDecoded(ctx context.Context, manifest []byte) error {
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(manifest); err != nil {
		return err
	}
	return p.c.Delete(ctx, u) // want `this Delete of an unstructured object passes no propagation policy and the object's kind comes from data`
}

// recreate deletes the in-cluster copy of an object it is asked to apply,
// whose immutable fields changed, to create it again: any kind, Jobs
// included.
func (p *pruner) recreate(ctx context.Context, desired *unstructured.Unstructured) error {
	existing := desired.DeepCopy()
	if err := p.c.Delete(ctx, existing); client.IgnoreNotFound(err) != nil { // want `this Delete of an unstructured object passes no propagation policy and the object's kind comes from data`
		return err
	}
	return p.c.Create(ctx, desired)
}

// recreateBackground does the same with a policy.
func (p *pruner) recreateBackground(ctx context.Context, desired *unstructured.Unstructured) error {
	existing := desired.DeepCopy()
	if err := p.c.Delete(ctx, existing, client.PropagationPolicy(metav1.DeletePropagationBackground)); client.IgnoreNotFound(err) != nil {
		return err
	}
	return p.c.Create(ctx, desired)
}

// recreateAll does it for every object it is given.
func (p *pruner) recreateAll(ctx context.Context, objects []*unstructured.Unstructured) error {
	for _, object := range objects {
		object := object
		existing := object.DeepCopy()
		if err := p.c.Delete(ctx, existing); client.IgnoreNotFound(err) != nil { // want `this Delete of an unstructured object passes no propagation policy`
			return err
		}
	}
	return nil
}

// deleteGiven deletes whatever object its caller hands it, of a kind known
// only at run time.
func (p *pruner) deleteGiven(ctx context.Context, u *unstructured.Unstructured) error {
	return p.c.Delete(ctx, u) // want `this Delete of an unstructured object passes no propagation policy and the object's kind comes from data`
}

// pruneBindings deletes only the rendered objects a test of their kind
// names RoleBindings or Roles; a test that lets Jobs through is reported.
func (p *pruner) pruneBindings(ctx context.Context, rendered []map[string]interface{}) error {
	for _, m := range rendered {
		u := &unstructured.Unstructured{Object: m}
		if u.GetKind() == "RoleBinding" && u.GetAPIVersion() == "rbac.authorization.k8s.io/v1" {
			if err := p.c.Delete(ctx, u); client.IgnoreNotFound(err) != nil {
				return err
			}
		}
		switch u.GetKind() {
		case "Role", "ClusterRole":
			if err := p.c.Delete(ctx, u); client.IgnoreNotFound(err) != nil {
				return err
			}
		case "Job", "CronJob":
			if err := p.c.Delete(ctx, u); client.IgnoreNotFound(err) != nil { // want `the object's kind comes from data: if it is a batch/v1 Job`
				return err
			}
		}
	}
	return nil
}

// rollback creates, as an unstructured object, a typed ConfigMap's
// content, and deletes it again when the rest fails: its kind is the typed
// object's, not data's.
func (p *pruner) rollback(ctx context.Context, cm *corev1.ConfigMap, next func() error) error {
	content, err := runtime.DefaultUnstructuredConverter.ToUnstructured(cm)
	if err != nil {
		return err
	}
	u := &unstructured.Unstructured{Object: content}
	if err := p.c.Create(ctx, u); err != nil {
		return err
	}
	if err := next(); err != nil {
		_ = p.c.Delete(ctx, u)
		return err
	}
	return nil
}

// rollbackJob does the same with a Job's content: a Job all the same.
func (p *pruner) rollbackJob(ctx context.Context, job *batchv1.Job, next func() error) error {
	content, err := runtime.DefaultUnstructuredConverter.ToUnstructured(job)
	if err != nil {
		return err
	}
	u := &unstructured.Unstructured{Object: content}
	if err := p.c.Create(ctx, u); err != nil {
		return err
	}
	if err := next(); err != nil {
		return p.c.Delete(ctx, u) // want `this Delete of a Job passes no propagation policy`
	}
	return nil
}
