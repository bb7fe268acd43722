// Package facts reproduces the reference helpers of Config Connector's direct controllers and of operators built on the deletionlint runtime, one per way a dependency-not-found error is produced, handed on, dropped or classified.
package facts

import (
	"context"
	"errors"
	"fmt"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/k8s"
	"github.com/deletionlint/deletionlint/runtime/deletion"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// GetSecret returns the runtime's typed error for a missing Secret.
func GetSecret(ctx context.Context, c client.Reader, key types.NamespacedName) (*unstructured.Unstructured, error) { // want GetSecret:`depNotFound\(why="deletion.NewDependencyNotFound", get="client.Reader.Get", needs=\[Get\], if param 2 is a reference: "referenced object not found"\)`
	u := &unstructured.Unstructured{}
	if err := c.Get(ctx, key, u); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, deletion.NewDependencyNotFound("Secret", key.Namespace, key.Name, err)
		}
		return nil, err
	}
	return u, nil
}

// Wrapped hands the error on, wrapped.
func Wrapped(ctx context.Context, c client.Reader, key types.NamespacedName) error { // want Wrapped:`depNotFound\(why="deletion.NewDependencyNotFound"`
	if _, err := GetSecret(ctx, c, key); err != nil {
		return fmt.Errorf("reading secret: %w", err)
	}
	return nil
}

// Dropped ignores the error.
func Dropped(ctx context.Context, c client.Reader, key types.NamespacedName) {
	_, _ = GetSecret(ctx, c, key)
	Wrapped(ctx, c, key)
}

// Literal builds the typed error itself.
func Literal(key types.NamespacedName) error { // want Literal:`depNotFound\(why="k8s.SecretNotFoundError"`
	return &k8s.SecretNotFoundError{Secret: key}
}

// Plain turns not-found into a plain error, as Config Connector's project
// resolution does: only strict mode counts it (through the client Get).
func Plain(ctx context.Context, c client.Reader, key types.NamespacedName) error { // want Plain:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is a reference: "referenced object not found"\)`
	u := &unstructured.Unstructured{}
	if err := c.Get(ctx, key, u); err != nil {
		return fmt.Errorf("project %v not found", key)
	}
	return nil
}

// Guarded resolves only when the object is not being deleted.
func Guarded(ctx context.Context, c client.Reader, obj client.Object, key types.NamespacedName) error {
	if obj.GetDeletionTimestamp() != nil {
		return nil
	}
	_, err := GetSecret(ctx, c, key)
	return err
}

// Callback calls the function it is given.
func Callback(ctx context.Context, fetch func(context.Context) error) error { // want Callback:`depNotFound\(why="", get="", needs=\[func\]\)`
	return fetch(ctx)
}

// WithCallback passes a resolving function literal.
func WithCallback(ctx context.Context, c client.Reader, key types.NamespacedName) error { // want WithCallback:`depNotFound\(why="deletion.NewDependencyNotFound"`
	return Callback(ctx, func(ctx context.Context) error {
		_, err := GetSecret(ctx, c, key)
		return err
	})
}

// WithHarmlessCallback passes a function literal that resolves nothing.
func WithHarmlessCallback(ctx context.Context) error {
	return Callback(ctx, func(ctx context.Context) error { return nil })
}

// AnyRef normalizes a reference that is not one of its parameters: any
// known implementation of refs.Ref counts, when v is (or holds) a refs.Ref.
func AnyRef(ctx context.Context, c client.Reader, v any) error { // want AnyRef:`depNotFound\(why="", .*if param 2 has a github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1.Ref: "k8s.NewReferenceNotFoundError"`
	if ref, ok := v.(refs.Ref); ok {
		return ref.Normalize(ctx, c, "")
	}
	return nil
}

// IsMissing classifies through errors.As to a seed type.
func IsMissing(err error) bool { // want IsMissing:`classifiesDepNotFound`
	var nf *k8s.ReferenceNotFoundError
	return errors.As(err, &nf)
}

// IsMissingOrUnready classifies through other classifiers.
func IsMissingOrUnready(err error) bool { // want IsMissingOrUnready:`classifiesDepNotFound`
	return IsMissing(err) || k8s.IsReferenceNotReadyError(err)
}

// IsConflict is not a classifier.
func IsConflict(err error) bool {
	return apierrors.IsNotFound(err)
}

// ErrSourceGone is what Source answers a missing source with; ErrSourceBad
// is for one that does not parse.
var (
	ErrSourceGone = errors.New("source not found")
	ErrSourceBad  = errors.New("source does not parse")
)

// Source answers a missing source with ErrSourceGone.
func Source(ctx context.Context, c client.Reader, key types.NamespacedName) error { // want Source:`depNotFound\(.*, as depnotfound/facts\.ErrSourceGone\)`
	u := &unstructured.Unstructured{}
	if err := c.Get(ctx, key, u); err != nil {
		return ErrSourceGone
	}
	if len(u.Object) == 0 {
		return ErrSourceBad
	}
	return nil
}
