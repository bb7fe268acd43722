// A CRD API package (api/v1) whose kinds a controller in another package owns; it declares no RBAC markers.
package api

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Policy is a kind whose plural is policies.
type Policy struct {
	metav1.ObjectMeta
}
