// Package generated has a hand-written file and a generated one.
package generated

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is an object.
type Widget struct {
	metav1.ObjectMeta
}
