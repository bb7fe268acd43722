// Package scope reproduces controllers that give a cluster-scoped
// Namespace a controller owner reference without blockOwnerDeletion: to a
// namespaced Tenant, which the garbage collector cannot resolve for a
// cluster-scoped dependent (it never deletes the Namespace through it, so
// blockOwnerDeletion would change nothing: the reference itself is the
// mistake), and to a cluster-scoped TenantClass, which it can.
package scope

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	tenancyv1 "blockownerdeletion/scope/tenancy/v1"
)

type R struct {
	client.Client
}

func (r *R) namespaceFor(ctx context.Context, t *tenancyv1.Tenant) error {
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{
		Name: t.Namespace + "-" + t.Name,
		OwnerReferences: []metav1.OwnerReference{{
			APIVersion: "tenancy.example.com/v1",
			Kind:       "Tenant",
			Name:       t.Name,
			UID:        t.UID,
			Controller: ptr.To(true),
		}},
	}}
	return r.Create(ctx, ns)
}

func (r *R) namespaceForClass(ctx context.Context, tc *tenancyv1.TenantClass) error {
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{
		Name: "class-" + tc.Name,
		OwnerReferences: []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion`
			APIVersion: "tenancy.example.com/v1",
			Kind:       "TenantClass",
			Name:       tc.Name,
			UID:        tc.UID,
			Controller: ptr.To(true),
		}},
	}}
	return r.Create(ctx, ns)
}
