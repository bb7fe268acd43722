// Package pointer is a stub of the deprecated k8s.io/utils/pointer.
package pointer

func Bool(b bool) *bool       { return &b }
func BoolPtr(b bool) *bool    { return &b }
func Int32(i int32) *int32    { return &i }
func String(s string) *string { return &s }
