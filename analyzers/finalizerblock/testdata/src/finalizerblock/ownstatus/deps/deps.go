// Package deps reproduces an operator's dependency helpers, in a package of
// their own, that return its reconcile status: one notes each Secret it
// finds missing and asks to stop (exported as a fact for its callers), the
// other takes a missing Secret to mean there is nothing to wait for.
package deps

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/ownstatus/status"
)

// Secrets reads the named Secrets and waits for those that are missing.
func Secrets(ctx context.Context, c client.Client, ns string, names []string) (map[string]*corev1.Secret, status.Status) { // want Secrets:`stopsonnotfound\(k8s.io/api/core/v1.Secret\)`
	var st status.Status
	found := make(map[string]*corev1.Secret)
	for _, name := range names {
		s := &corev1.Secret{}
		err := c.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, s)
		switch {
		case apierrors.IsNotFound(err):
			st = st.WaitingFor("Secret", name)
		case err != nil:
			st = st.WithError(err)
		default:
			found[name] = s
		}
	}
	return found, st
}

// PresentSecrets reads the named Secrets and skips those that are missing.
func PresentSecrets(ctx context.Context, c client.Client, ns string, names []string) (map[string]*corev1.Secret, status.Status) {
	found := make(map[string]*corev1.Secret)
	for _, name := range names {
		s := &corev1.Secret{}
		err := c.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, s)
		if apierrors.IsNotFound(err) {
			continue
		}
		if err != nil {
			return nil, status.Failed(err)
		}
		found[name] = s
	}
	return found, status.Done()
}
