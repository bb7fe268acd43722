package reads

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reproduces helpers that answer a missing referenced object with an
// error value of their own instead of the read's error: their callers see
// the absence as errors.Is(err, value). The summary names the values (and
// "or itself" when some not-found leaves as it is); a value wrapped
// without the read's error is still that value; a helper that hands a
// callee's error on keeps the callee's values, one that answers it with a
// value of its own has that value instead.

var (
	errSecretGone = errors.New("credentials secret is gone")
	errBusy       = errors.New("busy")
)

type SecretHolder struct {
	Spec struct{ SecretName string }
}

// SecretOrGone answers any failed read with errSecretGone.
func SecretOrGone(ctx context.Context, c client.Reader, h *SecretHolder) (*corev1.Secret, error) { // want SecretOrGone:`depNotFound\(why="", .*reads k8s.io/api/core/v1.Secret, as depnotfound/reads\.errSecretGone \[k8s.io/api/core/v1.Secret\]\)`
	s := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKey{Name: h.Spec.SecretName}, s); err != nil {
		return nil, errSecretGone
	}
	return s, nil
}

// NotFoundAsGone answers only a not-found with errSecretGone, wrapped with
// a message: any other failure leaves as it is, and is not a not-found.
func NotFoundAsGone(ctx context.Context, c client.Reader, h *SecretHolder) error { // want NotFoundAsGone:`depNotFound\(why="", .*reads k8s.io/api/core/v1.Secret, as depnotfound/reads\.errSecretGone \[k8s.io/api/core/v1.Secret\]\)`
	s := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKey{Name: h.Spec.SecretName}, s); err != nil {
		if apierrors.IsNotFound(err) {
			return fmt.Errorf("secret %s: %w", h.Spec.SecretName, errSecretGone)
		}
		return err
	}
	return nil
}

// HandsOn hands the helper's error on, wrapped: its value goes with it.
func HandsOn(ctx context.Context, c client.Reader, h *SecretHolder) error { // want HandsOn:`depNotFound\(why="", .*reads k8s.io/api/core/v1.Secret, as depnotfound/reads\.errSecretGone \[k8s.io/api/core/v1.Secret\]\)`
	if _, err := SecretOrGone(ctx, c, h); err != nil {
		return fmt.Errorf("preparing: %w", err)
	}
	return nil
}

// Remapped answers the helper's error with another value.
func Remapped(ctx context.Context, c client.Reader, h *SecretHolder) error { // want Remapped:`depNotFound\(why="", .*reads k8s.io/api/core/v1.Secret, as depnotfound/reads\.errBusy \[k8s.io/api/core/v1.Secret\]\)`
	if _, err := SecretOrGone(ctx, c, h); err != nil {
		return errBusy
	}
	return nil
}

// Mixed answers one read with a value and hands another's error on.
func Mixed(ctx context.Context, c client.Reader, h *SecretHolder, ref *ParentRef) error { // want Mixed:`depNotFound\(why="", .*needs=\[Get\], .*, as depnotfound/reads\.errSecretGone \[k8s.io/api/core/v1.Secret\] or itself \[k8s.io/api/core/v1.ConfigMap\]\)`
	if err := NotFoundAsGone(ctx, c, h); err != nil {
		return err
	}
	cm := &corev1.ConfigMap{}
	return c.Get(ctx, client.ObjectKey{Name: ref.Name}, cm)
}

// Message answers the failure with a new error that carries no value:
// nothing for errors.Is to find, so no value is named.
func Message(ctx context.Context, c client.Reader, h *SecretHolder) error { // want Message:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.Secret\)`
	s := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKey{Name: h.Spec.SecretName}, s); err != nil {
		return errors.New("no credentials")
	}
	return nil
}
