package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// WebsiteFinalizer is the finalizer the Website controller puts on every
// Website so that it can tear the site down in order.
const WebsiteFinalizer = "hosting.deletionlint.dev/website"

// WebsiteLabel is the label that names the Website a child object belongs
// to.
const WebsiteLabel = "hosting.deletionlint.dev/website"

// DeletionPolicy says how a Website's workloads are deleted when the
// Website is deleted.
type DeletionPolicy string

const (
	// DeletionPolicyForeground deletes each workload in the foreground:
	// it is gone only once its own dependents (ReplicaSets, Pods) are.
	DeletionPolicyForeground DeletionPolicy = "Foreground"
	// DeletionPolicyBackground deletes each workload and lets the garbage
	// collector remove its dependents afterwards.
	DeletionPolicyBackground DeletionPolicy = "Background"
	// DeletionPolicyOrphan deletes each workload but leaves its dependents
	// running.
	DeletionPolicyOrphan DeletionPolicy = "Orphan"
)

// WebsiteSpec is the desired state of a Website.
type WebsiteSpec struct {
	// Image is the web server image that serves the site.
	Image string `json:"image"`
	// Replicas is the number of web server Pods.
	Replicas int32 `json:"replicas,omitempty"`
	// Hostname is the public name the site is served under.
	Hostname string `json:"hostname"`
	// DeletionPolicy says how the site's workloads are deleted when the
	// Website is deleted; Foreground when empty.
	DeletionPolicy DeletionPolicy `json:"deletionPolicy,omitempty"`
}

// WebsiteStatus is the observed state of a Website.
type WebsiteStatus struct {
	// ObservedGeneration is the generation of the spec last reconciled.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// URL is where the site is served once its Route is ready.
	URL string `json:"url,omitempty"`
}

// Website is a web site: a Deployment of web servers, a Service in front of
// them and a Route that publishes the Service under the site's hostname.
type Website struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WebsiteSpec   `json:"spec,omitempty"`
	Status WebsiteStatus `json:"status,omitempty"`
}

// WebsiteList is a list of Websites.
type WebsiteList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Website `json:"items"`
}
