package v1alpha1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// SiteConfigFinalizer is the finalizer the SiteConfig controller puts on
// every SiteConfig.
const SiteConfigFinalizer = "hosting.deletionlint.dev/siteconfig"

// SiteConfigSpec is the desired state of a SiteConfig.
type SiteConfigSpec struct {
	// Data is copied into the SiteConfig's ConfigMap.
	Data map[string]string `json:"data,omitempty"`
}

// SiteConfigStatus is the observed state of a SiteConfig.
type SiteConfigStatus struct {
	// ObservedGeneration is the generation last reconciled.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// SiteConfig is configuration for a site's web servers, which the operator
// publishes as a ConfigMap of the same name.
type SiteConfig struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   SiteConfigSpec   `json:"spec,omitempty"`
	Status SiteConfigStatus `json:"status,omitempty"`
}

// SiteConfigList is a list of SiteConfigs.
type SiteConfigList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []SiteConfig `json:"items"`
}

// ConfigMapFor returns the ConfigMap that publishes cfg, without owner
// references.
func ConfigMapFor(cfg *SiteConfig) *corev1.ConfigMap {
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Namespace: cfg.Namespace, Name: cfg.Name},
		Data:       cfg.Spec.Data,
	}
}
