// Package kube uses an object's metadata: in scope, inspected.
package kube // want "inspector"

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Deleting reports whether obj is being deleted.
func Deleting(obj metav1.Object) bool { return obj.GetDeletionTimestamp() != nil }
