// Package v1 is a stub of k8s.io/client-go/applyconfigurations/meta/v1.
package v1

import (
	"k8s.io/apimachinery/pkg/types"
)

type OwnerReferenceApplyConfiguration struct {
	APIVersion         *string
	Kind               *string
	Name               *string
	UID                *types.UID
	Controller         *bool
	BlockOwnerDeletion *bool
}

func OwnerReference() *OwnerReferenceApplyConfiguration { return &OwnerReferenceApplyConfiguration{} }

func (b *OwnerReferenceApplyConfiguration) WithAPIVersion(value string) *OwnerReferenceApplyConfiguration {
	b.APIVersion = &value
	return b
}

func (b *OwnerReferenceApplyConfiguration) WithKind(value string) *OwnerReferenceApplyConfiguration {
	b.Kind = &value
	return b
}

func (b *OwnerReferenceApplyConfiguration) WithName(value string) *OwnerReferenceApplyConfiguration {
	b.Name = &value
	return b
}

func (b *OwnerReferenceApplyConfiguration) WithUID(value types.UID) *OwnerReferenceApplyConfiguration {
	b.UID = &value
	return b
}

func (b *OwnerReferenceApplyConfiguration) WithController(value bool) *OwnerReferenceApplyConfiguration {
	b.Controller = &value
	return b
}

func (b *OwnerReferenceApplyConfiguration) WithBlockOwnerDeletion(value bool) *OwnerReferenceApplyConfiguration {
	b.BlockOwnerDeletion = &value
	return b
}

type ObjectMetaApplyConfiguration struct {
	Name            *string
	Namespace       *string
	OwnerReferences []OwnerReferenceApplyConfiguration
}
