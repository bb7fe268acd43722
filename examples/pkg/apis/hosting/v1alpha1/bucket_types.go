package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// BucketSpec is the desired state of a Bucket.
type BucketSpec struct {
	// Location is the cloud region that holds the bucket.
	Location string `json:"location"`
}

// BucketStatus is the observed state of a Bucket.
type BucketStatus struct {
	// ExternalRef identifies the bucket in the cloud once it exists.
	ExternalRef string `json:"externalRef,omitempty"`
}

// Bucket is a storage bucket in the cloud, managed by a direct adapter.
type Bucket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   BucketSpec   `json:"spec,omitempty"`
	Status BucketStatus `json:"status,omitempty"`
}

// BucketList is a list of Buckets.
type BucketList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Bucket `json:"items"`
}

// BucketRef refers to a Bucket in the same namespace.
type BucketRef struct {
	// Name is the name of the Bucket object.
	Name string `json:"name"`
}

// BucketPolicySpec is the desired state of a BucketPolicy.
type BucketPolicySpec struct {
	// BucketRef is the Bucket the policy applies to.
	BucketRef BucketRef `json:"bucketRef"`
	// PublicRead lets anyone read the bucket's objects.
	PublicRead bool `json:"publicRead,omitempty"`
}

// BucketPolicyStatus is the observed state of a BucketPolicy.
type BucketPolicyStatus struct {
	// ExternalRef identifies the policy in the cloud once it exists.
	ExternalRef string `json:"externalRef,omitempty"`
}

// BucketPolicy is an access policy on a Bucket, managed by a direct
// adapter. It refers to its Bucket by name, so its adapter has to resolve
// that reference.
type BucketPolicy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   BucketPolicySpec   `json:"spec,omitempty"`
	Status BucketPolicyStatus `json:"status,omitempty"`
}

// BucketPolicyList is a list of BucketPolicies.
type BucketPolicyList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []BucketPolicy `json:"items"`
}
