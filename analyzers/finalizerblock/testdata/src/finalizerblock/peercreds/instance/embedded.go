package instance

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Workload runs a server in the cluster; its environment names the Secret
// of the server's admin password.
type Workload struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec WorkloadSpec
}

func (in *Workload) DeepCopyObject() runtime.Object { return in }

type WorkloadSpec struct{ Env []EnvVar }

type EnvVar struct {
	Name      string
	SecretRef *corev1.SecretKeySelector
}

// WorkloadFor is the Workload made for srv.
func WorkloadFor(srv *Server) *Workload {
	return &Workload{ObjectMeta: metav1.ObjectMeta{Namespace: srv.Namespace, Name: srv.Name + "-server"}}
}

// ConnectEmbedded reads the Workload made for srv, then the Secret its
// environment names, and opens a session.
func ConnectEmbedded(ctx context.Context, c client.Client, srv *Server) (*Session, error) {
	w := WorkloadFor(srv)
	if err := c.Get(ctx, types.NamespacedName{Namespace: w.Namespace, Name: w.Name}, w); err != nil {
		return nil, err
	}
	for _, env := range w.Spec.Env {
		if env.Name != "ADMIN_PASSWORD" || env.SecretRef == nil {
			continue
		}
		if _, err := keyOf(ctx, c, env.SecretRef, srv.Namespace); err != nil {
			return nil, err
		}
	}
	return &Session{}, nil
}

// keyOf reads the value a selector names.
func keyOf(ctx context.Context, c client.Client, sel *corev1.SecretKeySelector, namespace string) ([]byte, error) {
	s := &corev1.Secret{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: namespace, Name: sel.Name}, s); err != nil {
		return nil, err
	}
	return s.Data[sel.Key], nil
}
