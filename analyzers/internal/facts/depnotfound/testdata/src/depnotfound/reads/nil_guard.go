// Reproduces helpers that resolve what an object refers to only when they are handed one: they return at once for a nil object, or read inside a test that it is not nil. What they produce is conditional on that parameter; a caller that passes nil produces nothing, one that passes an object produces as before.
package reads

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Store is a KRM object whose spec names the Secret of its credentials.
type Store struct {
	Namespace string
	Spec      struct{ SecretName string }
}

func secretOf(ctx context.Context, c client.Reader, s *Store) (*corev1.Secret, error) { // want secretOf:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"`
	sec := &corev1.Secret{}
	err := c.Get(ctx, types.NamespacedName{Namespace: s.Namespace, Name: s.Spec.SecretName}, sec)
	return sec, err
}

// ConnectIfAny returns no connection for no Store.
func ConnectIfAny(ctx context.Context, c client.Reader, s *Store) (*corev1.Secret, error) { // want ConnectIfAny:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed and is not nil: "referenced object not found"`
	if s == nil {
		return nil, nil
	}
	return secretOf(ctx, c, s)
}

// ConnectWhenSet reads only inside a test that the Store is set.
func ConnectWhenSet(ctx context.Context, c client.Reader, s *Store, name string) error { // want ConnectWhenSet:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed and is not nil: "referenced object not found"`
	if s != nil && name != "" {
		_, err := secretOf(ctx, c, s)
		return err
	}
	return nil
}

var errMissing = errors.New("missing")

// RequireSecret fails for no Store: a caller handing it none fails all the
// same, so the read is not conditional on the Store.
func RequireSecret(ctx context.Context, c client.Reader, s *Store) error { // want RequireSecret:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"`
	if s == nil || s.Spec.SecretName == "" {
		return errMissing
	}
	_, err := secretOf(ctx, c, s)
	return err
}

// NoStore hands ConnectIfAny nothing: no referenced object is read (a read
// that any Get counts for stays: get=).
func NoStore(ctx context.Context, c client.Reader) error { // want NoStore:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], reads k8s.io/api/core/v1.Secret\)`
	_, err := ConnectIfAny(ctx, c, nil)
	return err
}

// WithStore hands it an object of its own: the read is this function's.
func WithStore(ctx context.Context, c client.Reader, s *Store) error { // want WithStore:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed and is not nil: "referenced object not found"`
	_, err := ConnectIfAny(ctx, c, s)
	return err
}

// CheckedTooLate reads the Store's Secret before it tests the Store: the
// read does not depend on the test.
func CheckedTooLate(ctx context.Context, c client.Reader, s *Store) error { // want CheckedTooLate:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"`
	if _, err := secretOf(ctx, c, s); err != nil {
		return err
	}
	if s == nil {
		return nil
	}
	return nil
}
