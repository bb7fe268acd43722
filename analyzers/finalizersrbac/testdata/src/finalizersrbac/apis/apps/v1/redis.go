package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Redis has no resource marker: its CRD manifest names its resource redis,
// not the default plural, redises.
type Redis struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// Sprocket's resource is the default plural, sprockets.
type Sprocket struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}
