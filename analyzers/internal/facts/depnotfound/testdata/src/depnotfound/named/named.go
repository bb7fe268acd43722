// Package named reproduces reads keyed by plain strings a helper is handed:
// whether the object read is a dependency is for its callers to say, by
// what they pass (a name the spec holds, or the object's own name).
package named

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type SiteSpec struct{ ThemeName string }

// Site names the theme it uses.
type Site struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec SiteSpec
}

func (in *Site) DeepCopyObject() runtime.Object { return in }

type SiteList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Site
}

func (in *SiteList) DeepCopyObject() runtime.Object { return in }

// readNamed reads whatever object its strings name.
func readNamed(ctx context.Context, c client.Reader, ns, name string) (*unstructured.Unstructured, error) { // want readNamed:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is a reference: "referenced object not found", if param 3 is a reference: "referenced object not found"\)`
	u := &unstructured.Unstructured{}
	key := types.NamespacedName{Namespace: ns, Name: fmt.Sprintf("theme-%s", name)}
	if err := c.Get(ctx, key, u); err != nil {
		return nil, err
	}
	return u, nil
}

// ThemeOf hands readNamed the name the spec holds: a dependency read.
func ThemeOf(ctx context.Context, c client.Reader, s *Site) error { // want ThemeOf:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"\)`
	_, err := readNamed(ctx, c, s.Namespace, s.Spec.ThemeName)
	return err
}

// ByName hands its own string on: the condition is its callers'.
func ByName(ctx context.Context, c client.Reader, name string) error { // want ByName:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is a reference: "referenced object not found"\)`
	_, err := readNamed(ctx, c, "default", name)
	return err
}

// FromSpec hands ByName the spec's name through a variable.
func FromSpec(ctx context.Context, c client.Reader, s *Site) error { // want FromSpec:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"\)`
	theme := s.Spec.ThemeName
	return ByName(ctx, c, theme)
}

// Mine hands readNamed the object's own name: no reference.
func Mine(ctx context.Context, c client.Reader, s *Site) error { // want Mine:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\]\)`
	_, err := readNamed(ctx, c, s.Namespace, s.Name)
	return err
}

// Constant reads a fixed name: no reference.
func Constant(ctx context.Context, c client.Reader) error { // want Constant:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\]\)`
	return ByName(ctx, c, "global")
}

// Listed reads the themes of sites it listed: each is a peer's dependency,
// not its own.
func Listed(ctx context.Context, c client.Reader, ns string) error { // want Listed:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get List\]\)`
	list := &SiteList{}
	if err := c.List(ctx, list, client.InNamespace(ns)); err != nil {
		return err
	}
	for i := range list.Items {
		peer := &list.Items[i]
		if _, err := readNamed(ctx, c, peer.Namespace, peer.Spec.ThemeName); err != nil {
			return err
		}
	}
	return nil
}

// Reconcile-like: the site it was handed by its caller, then its theme.
// The site's not-found ends it with nil: only the theme's is handed on,
// whatever key the caller passes.
func Sync(ctx context.Context, c client.Reader, key types.NamespacedName) error { // want Sync:`depNotFound\(why="referenced object not found", get="client.Reader.Get", needs=\[Get\]\)`
	s := &Site{}
	if err := c.Get(ctx, key, s); err != nil {
		return client.IgnoreNotFound(err)
	}
	return ThemeOf(ctx, c, s)
}
