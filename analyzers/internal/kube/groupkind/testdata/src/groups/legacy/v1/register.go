// +groupName=routes.example.com

// Package v1 declares its group by marker and by an exported GroupVersion
// whose Group is a variable, beside an unexported GroupVersion of the core
// group: its kinds are the marker's group's.
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

var (
	GroupName    = "routes.example.com"
	GroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1"}
)
