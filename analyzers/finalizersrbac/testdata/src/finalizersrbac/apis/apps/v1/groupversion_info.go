// Package v1 contains the API of the apps.example.com group, as kubebuilder lays it out: the group in a +groupName marker and a GroupVersion variable.
// +kubebuilder:object:generate=true
// +groupName=apps.example.com
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group version used to register these objects.
var GroupVersion = schema.GroupVersion{Group: "apps.example.com", Version: "v1"}
