// Reproduces a status helper package with an "is the spec observed" check on the Ready condition.
package conditions

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func Observed(obj metav1.Object, cond *metav1.Condition) bool {
	return cond != nil && cond.ObservedGeneration == obj.GetGeneration()
}
