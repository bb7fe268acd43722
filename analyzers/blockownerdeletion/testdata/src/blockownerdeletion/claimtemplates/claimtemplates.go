// Reproduces an operator that gives its StatefulSet's volume claim
// templates a controller reference to its own object, so that the claims
// the StatefulSet controller makes from them go with it: the operator never
// sends that reference on an object of its own (the StatefulSet controller
// copies it into each claim, under its own account), so blockOwnerDeletion
// there would make those creates need update on the owner's finalizers,
// which some clusters refuse. The template is written in the StatefulSet's
// literal, through the field, and in a copy of an element of a parameter
// that every caller passes the field. The claims the operator sends itself
// (written through their ObjectMeta, or a copy of a listed claim) are
// reported.
package claimtemplates

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Store struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func statefulSet(s *Store) *appsv1.StatefulSet {
	return &appsv1.StatefulSet{
		ObjectMeta: metav1.ObjectMeta{Name: s.Name, Namespace: s.Namespace},
		Spec: appsv1.StatefulSetSpec{
			VolumeClaimTemplates: []corev1.PersistentVolumeClaim{{
				ObjectMeta: metav1.ObjectMeta{
					Name:            "data",
					OwnerReferences: []metav1.OwnerReference{{APIVersion: "example.com/v1", Kind: "Store", Name: s.Name, UID: s.UID, Controller: ptr.To(true)}},
				},
			}},
		},
	}
}

func setTemplateOwner(set *appsv1.StatefulSet, s *Store) {
	set.Spec.VolumeClaimTemplates[0].OwnerReferences = []metav1.OwnerReference{{APIVersion: "example.com/v1", Kind: "Store", Name: s.Name, UID: s.UID, Controller: ptr.To(true)}}
}

func ensureTemplates(in []corev1.PersistentVolumeClaim, s *Store) []corev1.PersistentVolumeClaim {
	if len(in) == 0 {
		in = make([]corev1.PersistentVolumeClaim, 1)
	}
	data := in[0]
	data.Name = "data"
	data.ObjectMeta.OwnerReferences = []metav1.OwnerReference{{APIVersion: "example.com/v1", Kind: "Store", Name: s.Name, UID: s.UID, Controller: ptr.To(true)}}
	in[0] = data
	return in
}

func mutate(set *appsv1.StatefulSet, s *Store) {
	set.Spec.VolumeClaimTemplates = ensureTemplates(set.Spec.VolumeClaimTemplates, s)
	setTemplateOwner(set, s)
}

func create(ctx context.Context, c client.Client, s *Store) error {
	set := statefulSet(s)
	mutate(set, s)
	return c.Create(ctx, set)
}

func createClaim(ctx context.Context, c client.Client, s *Store) error {
	claim := &corev1.PersistentVolumeClaim{}
	claim.Name = s.Name + "-scratch"
	claim.ObjectMeta.OwnerReferences = []metav1.OwnerReference{{APIVersion: "example.com/v1", Kind: "Store", Name: s.Name, UID: s.UID, Controller: ptr.To(true)}} // want `controller owner reference without blockOwnerDeletion: a foreground deletion of the owner does not wait for this PersistentVolumeClaim; the garbage collector still deletes it, after the owner, so only the order changes`
	return c.Create(ctx, claim)
}

func adoptFirst(ctx context.Context, c client.Client, list *corev1.PersistentVolumeClaimList, s *Store) error {
	claim := list.Items[0]
	claim.OwnerReferences = []metav1.OwnerReference{{APIVersion: "example.com/v1", Kind: "Store", Name: s.Name, UID: s.UID, Controller: ptr.To(true)}} // want `controller owner reference without blockOwnerDeletion`
	list.Items[0] = claim
	return c.Update(ctx, &claim)
}
