package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// RouteFinalizer is the finalizer the Route controller puts on every Route
// so that it can release the Route's DNS record.
const RouteFinalizer = "hosting.deletionlint.dev/route"

// RouteSpec is the desired state of a Route.
type RouteSpec struct {
	// Hostname is the public DNS name to publish.
	Hostname string `json:"hostname"`
	// ServiceName is the Service in the Route's namespace that the name
	// points at.
	ServiceName string `json:"serviceName"`
}

// RouteStatus is the observed state of a Route.
type RouteStatus struct {
	// RecordID is the ID of the DNS record in the cloud, once created.
	RecordID string `json:"recordID,omitempty"`
}

// Route publishes a Service under a public hostname by creating a DNS
// record in the cloud. Websites create one Route each.
type Route struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   RouteSpec   `json:"spec,omitempty"`
	Status RouteStatus `json:"status,omitempty"`
}

// RouteList is a list of Routes.
type RouteList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Route `json:"items"`
}
