package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group and version of the test API, as kubebuilder
// declares it.
var GroupVersion = schema.GroupVersion{Group: "cache.example.com", Version: "v1"}
