package namedread

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
)

// fetch reads one object by the names it is handed and hands the client's
// error back as it is.
func fetch(ctx context.Context, dyn dynamic.Interface, gvr schema.GroupVersionResource, ns, name string) (*unstructured.Unstructured, error) {
	return dyn.Resource(gvr).Namespace(ns).Get(ctx, name, metav1.GetOptions{})
}

// resolve reads every target, one by one, through fetch.
func resolve(ctx context.Context, dyn dynamic.Interface, defaultNs string, targets []Target) ([]*unstructured.Unstructured, error) {
	var out []*unstructured.Unstructured
	for _, t := range targets {
		ns := t.Namespace
		if ns == "" {
			ns = defaultNs
		}
		gvr := schema.GroupVersionResource{Group: t.Group, Version: t.Version, Resource: t.Resource}
		u, err := fetch(ctx, dyn, gvr, ns, t.Name)
		if err != nil {
			return nil, fmt.Errorf("target %s: %w", t.Name, err)
		}
		out = append(out, u)
	}
	return out, nil
}

// current reads a Binding back by the key it is handed.
func current(ctx context.Context, dyn dynamic.Interface, key types.NamespacedName) (*unstructured.Unstructured, error) {
	gvr := schema.GroupVersionResource{Group: "example.com", Version: "v1", Resource: "bindings"}
	u, err := dyn.Resource(gvr).Namespace(key.Namespace).Get(ctx, key.Name, metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	return u, nil
}
