// Package source gives the credentials a Widget's cleanup needs. Its
// implementations live here, in a package the controllers import: their
// reads are known to the controllers by facts, not checked as entry points.
package source

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

// Credentials gives the token a Widget's cleanup calls its cloud with.
type Credentials interface {
	Token(ctx context.Context, w *widgetsv1.Widget) (string, error)
}

// FromSecret reads the token from the Secret the Widget names.
type FromSecret struct{ Reader client.Reader }

// Token implements Credentials.
func (s FromSecret) Token(ctx context.Context, w *widgetsv1.Widget) (string, error) {
	var secret corev1.Secret
	if err := s.Reader.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.GadgetName}, &secret); err != nil {
		return "", fmt.Errorf("reading the token: %w", err)
	}
	return string(secret.Data["token"]), nil
}

// Static is a token given once.
type Static string

// Token implements Credentials.
func (s Static) Token(context.Context, *widgetsv1.Widget) (string, error) { return string(s), nil }
