package reads

import (
	"context"
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ByLabel finds the parent by the name its spec gives, through a label
// selector, and makes the not-found itself when nothing matches: once the
// parent is gone, every call fails.
func ByLabel(ctx context.Context, c client.Reader, obj *Child) (*unstructured.Unstructured, error) { // want ByLabel:`depNotFound\(why="referenced object not found", get="client.Reader.List"`
	list := &unstructured.UnstructuredList{}
	if err := c.List(ctx, list, client.MatchingLabels{"parent": obj.Spec.ParentRef.Name}); err != nil {
		return nil, err
	}
	if len(list.Items) == 0 {
		return nil, apierrors.NewNotFound(schema.GroupResource{Resource: "parents"}, obj.Spec.ParentRef.Name)
	}
	return &list.Items[0], nil
}

// ByLabelOptional finds the parent the same way and goes on without one.
func ByLabelOptional(ctx context.Context, c client.Reader, obj *Child) (*unstructured.Unstructured, error) { // want ByLabelOptional:`depNotFound\(why="", get="", needs=\[List\]\)`
	list := &unstructured.UnstructuredList{}
	if err := c.List(ctx, list, client.MatchingLabels{"parent": obj.Spec.ParentRef.Name}); err != nil {
		return nil, err
	}
	if len(list.Items) == 0 {
		return nil, nil
	}
	return &list.Items[0], nil
}

// AnyWorker lists the namespace's workers, which no spec names, and fails
// when there are none: not a referenced object.
func AnyWorker(ctx context.Context, c client.Reader, namespace string) (*unstructured.Unstructured, error) { // want AnyWorker:`depNotFound\(why="", get="", needs=\[List\]\)`
	list := &unstructured.UnstructuredList{}
	if err := c.List(ctx, list, client.InNamespace(namespace)); err != nil {
		return nil, err
	}
	if len(list.Items) < 1 {
		return nil, errors.New("no worker")
	}
	return &list.Items[0], nil
}
