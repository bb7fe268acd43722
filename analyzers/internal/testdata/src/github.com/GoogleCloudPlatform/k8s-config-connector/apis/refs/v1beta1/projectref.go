package v1beta1

import (
	"context"
	"fmt"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var ProjectGVK = schema.GroupVersionKind{
	Group:   "resourcemanager.cnrm.cloud.google.com",
	Version: "v1beta1",
	Kind:    "Project",
}

type ProjectRef struct {
	External  string `json:"external,omitempty"`
	Name      string `json:"name,omitempty"`
	Namespace string `json:"namespace,omitempty"`
	Kind      string `json:"kind,omitempty"`
}

func (r *ProjectRef) GetGVK() schema.GroupVersionKind { return ProjectGVK }

func (r *ProjectRef) GetNamespacedName() types.NamespacedName {
	return types.NamespacedName{Name: r.Name, Namespace: r.Namespace}
}

func (r *ProjectRef) GetExternal() string { return r.External }

func (r *ProjectRef) SetExternal(ref string) { r.External = ref }

type ProjectIdentity struct {
	ProjectID string
}

// ResolveProject turns a missing Project into a plain error, as Config
// Connector's project resolution does: no typed dependency-not-found error.
func ResolveProject(ctx context.Context, reader client.Reader, otherNamespace string, ref *ProjectRef) (*ProjectIdentity, error) {
	if ref == nil {
		return nil, nil
	}
	if ref.External != "" {
		return &ProjectIdentity{ProjectID: strings.TrimPrefix(ref.External, "projects/")}, nil
	}
	if ref.Name == "" {
		return nil, fmt.Errorf("must specify either name or external on project reference")
	}
	key := types.NamespacedName{Namespace: ref.Namespace, Name: ref.Name}
	if key.Namespace == "" {
		key.Namespace = otherNamespace
	}
	project := &unstructured.Unstructured{}
	project.SetGroupVersionKind(ProjectGVK)
	if err := reader.Get(ctx, key, project); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, fmt.Errorf("referenced Project %v not found", key)
		}
		return nil, fmt.Errorf("error reading referenced Project %v: %w", key, err)
	}
	projectID, _, _ := unstructured.NestedString(project.Object, "spec", "resourceID")
	return &ProjectIdentity{ProjectID: projectID}, nil
}

func (r *ProjectRef) Normalize(ctx context.Context, reader client.Reader, defaultNamespace string) error {
	project, err := ResolveProject(ctx, reader, defaultNamespace, r)
	if err != nil {
		return err
	}
	r.External = "projects/" + project.ProjectID
	return nil
}

func (r *ProjectRef) ValidateExternal(ref string) error {
	if ref == "" {
		return fmt.Errorf("project external reference cannot be empty")
	}
	return nil
}
