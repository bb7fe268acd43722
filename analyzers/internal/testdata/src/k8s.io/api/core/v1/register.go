package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group and version of the core API.
var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1"}
