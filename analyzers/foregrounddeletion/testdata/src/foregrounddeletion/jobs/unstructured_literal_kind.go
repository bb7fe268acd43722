// Reproduces a cleanup that names the objects it deletes with unstructured
// literals whose apiVersion comes from its configuration and whose kind is
// a constant: the kind alone tells a Job, whose Pods the default policy
// orphans; another kind, or a Job deleted with a policy, is silent.
package jobs

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func (p *pruner) deleteJobLiteral(ctx context.Context, apiVersion, name, ns string) error {
	u := &unstructured.Unstructured{Object: map[string]interface{}{
		"apiVersion": apiVersion,
		"kind":       "Job",
		"metadata":   map[string]interface{}{"name": name, "namespace": ns},
	}}
	return p.c.Delete(ctx, u) // want `this Delete of a Job passes no propagation policy`
}

func (p *pruner) deleteJobLiteralBackground(ctx context.Context, apiVersion, name, ns string) error {
	u := &unstructured.Unstructured{Object: map[string]interface{}{
		"apiVersion": apiVersion,
		"kind":       "Job",
		"metadata":   map[string]interface{}{"name": name, "namespace": ns},
	}}
	return p.c.Delete(ctx, u, client.PropagationPolicy(metav1.DeletePropagationBackground))
}

func (p *pruner) deleteServiceLiteral(ctx context.Context, apiVersion, name, ns string) error {
	u := &unstructured.Unstructured{Object: map[string]interface{}{
		"apiVersion": apiVersion,
		"kind":       "Service",
		"metadata":   map[string]interface{}{"name": name, "namespace": ns},
	}}
	return p.c.Delete(ctx, u)
}
