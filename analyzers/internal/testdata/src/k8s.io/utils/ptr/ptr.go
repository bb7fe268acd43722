// Package ptr is a stub of k8s.io/utils/ptr.
package ptr

func To[T any](v T) *T { return &v }

func Deref[T any](ptr *T, def T) T {
	if ptr != nil {
		return *ptr
	}
	return def
}
