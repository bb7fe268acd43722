// Package api defines an App, whose spec names another App it deploys
// after, and its pre-context typed client.
package api

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

type App struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec      struct{ Dest, After string }
	Operation *string
}

func (in *App) DeepCopy() *App { out := *in; return &out }

func (in *App) Cascaded() bool { return len(in.Finalizers) > 0 }

func (in *App) UnsetCascaded() {
	for _, f := range in.Finalizers {
		if f == "resources" {
			setFinalizer(&in.ObjectMeta, f, false)
		}
	}
}

func setFinalizer(meta *metav1.ObjectMeta, name string, exist bool) {
	var kept []string
	for _, f := range meta.Finalizers {
		if f != name {
			kept = append(kept, f)
		}
	}
	if exist {
		kept = append(kept, name)
	}
	meta.Finalizers = kept
}

type AppsGetter interface {
	Apps(namespace string) AppInterface
}

type AppInterface interface {
	Get(ctx context.Context, name string, options metav1.GetOptions) (*App, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions) (*App, error)
}
