// want package:"group\\(apps.example.com/v1alpha2\\)"

// Package v1alpha2 declares its group as kubebuilder does; the version comes from the literal.
package v1alpha2

import "k8s.io/apimachinery/pkg/runtime/schema"

const group = "apps.example.com"

// GroupVersion names the group through a constant, positionally.
var GroupVersion = schema.GroupVersion{group, "v1alpha2"}
