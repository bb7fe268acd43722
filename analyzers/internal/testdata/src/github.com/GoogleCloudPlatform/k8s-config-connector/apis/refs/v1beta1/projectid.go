package v1beta1

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ResolveProjectID finds the project of any object: from spec.projectRef,
// read from its unstructured content (the Project named there is read, and
// its absence is an error), or from the project-id annotation.
func ResolveProjectID(ctx context.Context, reader client.Reader, obj runtime.Object) (string, error) {
	u, ok := obj.(*unstructured.Unstructured)
	if !ok {
		m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
		if err != nil {
			return "", err
		}
		u = &unstructured.Unstructured{Object: m}
	}
	name, _, _ := unstructured.NestedString(u.Object, "spec", "projectRef", "name")
	if name != "" {
		project, err := ResolveProject(ctx, reader, u.GetNamespace(), &ProjectRef{Name: name})
		if err != nil {
			return "", err
		}
		return project.ProjectID, nil
	}
	if id := u.GetAnnotations()["cnrm.cloud.google.com/project-id"]; id != "" {
		return id, nil
	}
	return "", fmt.Errorf("no project for %s", u.GetName())
}
