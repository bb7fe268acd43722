// Package instance describes servers that other objects are pushed to, and
// connects to one with the admin credentials its spec names.
package instance

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Server is a server that other objects are pushed to.
type Server struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ServerSpec
}

// ServerSpec names the Secret of the server's admin credentials.
type ServerSpec struct {
	AdminSecretRef corev1.SecretReference
}

func (in *Server) DeepCopyObject() runtime.Object   { return in }
func (in *Server) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// ServerList is a list of Servers.
type ServerList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Server
}

func (in *ServerList) DeepCopyObject() runtime.Object   { return in }
func (in *ServerList) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// Session is a connection to a server.
type Session struct{}

// Forget removes what was pushed under name.
func (s *Session) Forget(name string) error { return nil }

// Connect reads the admin Secret srv names and opens a session: it fails,
// with the read's not-found wrapped, when that Secret is gone.
func Connect(ctx context.Context, c client.Client, srv *Server) (*Session, error) {
	creds, err := adminSecret(ctx, c, srv.Namespace, &srv.Spec.AdminSecretRef)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", srv.Name, err)
	}
	_ = creds
	return &Session{}, nil
}

// adminSecret reads the Secret ref names.
func adminSecret(ctx context.Context, c client.Client, namespace string, ref *corev1.SecretReference) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: namespace, Name: ref.Name}, s); err != nil {
		return nil, err
	}
	return s, nil
}
