package named

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Frontend is made for a Site: named after it, it holds the Secrets the
// Site's frontend uses.
type Frontend struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec FrontendSpec
}

func (in *Frontend) DeepCopyObject() runtime.Object { return in }

type FrontendSpec struct{ Env []Env }

type Env struct {
	Name      string
	SecretRef *corev1.SecretKeySelector
}

func frontendFor(s *Site) *Frontend {
	return &Frontend{ObjectMeta: metav1.ObjectMeta{Namespace: s.Namespace, Name: s.Name + "-frontend"}}
}

// secretValue reads the Secret a selector it is handed names.
func secretValue(ctx context.Context, c client.Reader, ref *corev1.SecretKeySelector, ns string) ([]byte, error) { // want secretValue:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is a reference: "referenced object not found", if param 3 is a reference: "referenced object not found"\)`
	sec := &corev1.Secret{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: ns, Name: ref.Name}, sec); err != nil {
		return nil, err
	}
	return sec.Data[ref.Key], nil
}

// BuiltSecrets reads the Secrets of the Frontend built for s: they are s's,
// a dependency only where s is not a listed peer.
func BuiltSecrets(ctx context.Context, c client.Reader, s *Site) error { // want BuiltSecrets:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"\)`
	fe := frontendFor(s)
	if err := c.Get(ctx, types.NamespacedName{Namespace: fe.Namespace, Name: fe.Name}, fe); err != nil {
		return err
	}
	return envSecrets(ctx, c, fe, s.Namespace)
}

// NamedSecrets reads the Frontend named after s, then its Secrets: s's too.
func NamedSecrets(ctx context.Context, c client.Reader, s *Site) error { // want NamedSecrets:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"\)`
	fe := &Frontend{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: s.GetNamespace(), Name: s.Name + "-frontend"}, fe); err != nil {
		return err
	}
	for _, env := range fe.Spec.Env {
		if env.SecretRef == nil {
			continue
		}
		if _, err := secretValue(ctx, c, env.SecretRef, s.Namespace); err != nil {
			return err
		}
	}
	return nil
}

// envSecrets reads the Secrets of the Frontend it is handed.
func envSecrets(ctx context.Context, c client.Reader, fe *Frontend, ns string) error { // want envSecrets:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", if param 3 is a reference: "referenced object not found"\)`
	for _, env := range fe.Spec.Env {
		if env.SecretRef != nil {
			if _, err := secretValue(ctx, c, env.SecretRef, ns); err != nil {
				return err
			}
		}
	}
	return nil
}

// ThemeFrontendSecrets reads the Frontend the Site's spec names, then its
// Secrets: the Frontend is a dependency, not made for s, and what it refers
// to is needed whoever s is.
func ThemeFrontendSecrets(ctx context.Context, c client.Reader, s *Site) error { // want ThemeFrontendSecrets:`depNotFound\(why="referenced object not found", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"\)`
	fe := &Frontend{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: s.Namespace, Name: s.Spec.ThemeName}, fe); err != nil {
		return err
	}
	for _, env := range fe.Spec.Env {
		if env.SecretRef != nil {
			if _, err := secretValue(ctx, c, env.SecretRef, s.Namespace); err != nil {
				return err
			}
		}
	}
	return nil
}

// ListedSecrets reads the Frontend Secrets of the Sites it listed: each
// is a peer's, not a dependency.
func ListedSecrets(ctx context.Context, c client.Reader, ns string) error { // want ListedSecrets:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get List\]\)`
	list := &SiteList{}
	if err := c.List(ctx, list, client.InNamespace(ns)); err != nil {
		return err
	}
	for i := range list.Items {
		if err := BuiltSecrets(ctx, c, &list.Items[i]); err != nil {
			return err
		}
		if err := NamedSecrets(ctx, c, &list.Items[i]); err != nil {
			return err
		}
	}
	return nil
}
