package v1beta1

import (
	"context"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ProjectRef struct {
	External  string `json:"external,omitempty"`
	Name      string `json:"name,omitempty"`
	Namespace string `json:"namespace,omitempty"`
	Kind      string `json:"kind,omitempty"`
}

type Project struct {
	ProjectID string
}

type ProjectIdentity struct {
	ProjectID string
}

// ResolveProject turns a missing Project into a plain error, as Config
// Connector's project resolution does: no typed dependency-not-found error.
func ResolveProject(ctx context.Context, reader client.Reader, otherNamespace string, ref *ProjectRef) (*Project, error) {
	if ref == nil {
		return nil, nil
	}
	if ref.External != "" {
		return &Project{ProjectID: ref.External}, nil
	}
	key := types.NamespacedName{Namespace: ref.Namespace, Name: ref.Name}
	if key.Namespace == "" {
		key.Namespace = otherNamespace
	}
	project := &unstructured.Unstructured{}
	if err := reader.Get(ctx, key, project); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, fmt.Errorf("referenced Project %v not found", key)
		}
		return nil, fmt.Errorf("error reading referenced Project %v: %w", key, err)
	}
	projectID, _, _ := unstructured.NestedString(project.Object, "spec", "resourceID")
	return &Project{ProjectID: projectID}, nil
}
