// Package meta is a stub of k8s.io/apimachinery/pkg/api/meta.
package meta

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type RESTMapper interface{}

func Accessor(obj interface{}) (metav1.Object, error) { return obj.(metav1.Object), nil }

func SetStatusCondition(conditions *[]metav1.Condition, newCondition metav1.Condition) bool {
	return false
}
func FindStatusCondition(conditions []metav1.Condition, conditionType string) *metav1.Condition {
	return nil
}
func IsStatusConditionTrue(conditions []metav1.Condition, conditionType string) bool {
	return false
}
