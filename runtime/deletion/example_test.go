package deletion_test

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/deletionlint/deletionlint/runtime/deletion"
)

func ExampleIsDeleting() {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "settings"}}
	fmt.Println(deletion.IsDeleting(cm))
	now := metav1.Now()
	cm.DeletionTimestamp = &now
	fmt.Println(deletion.IsDeleting(cm))
	// Output:
	// false
	// true
}

func ExampleNewDependencyNotFound() {
	cause := apierrors.NewNotFound(schema.GroupResource{Resource: "configmaps"}, "parent")
	err := fmt.Errorf("resolve spec.parentRef: %w", deletion.NewDependencyNotFound("ConfigMap", "default", "parent", cause))

	fmt.Println(deletion.IsDependencyNotFound(err), apierrors.IsNotFound(err))
	var dnf *deletion.DependencyNotFoundError
	if errors.As(err, &dnf) {
		fmt.Println(dnf.Kind, dnf.Namespace, dnf.Name)
	}
	// Output:
	// true true
	// ConfigMap default parent
}

// bucket is the adapter of this example: the value that talks to the cloud
// for one object.
type bucket struct{ id string }

func ExampleBuildAdapter() {
	ctx := context.Background()
	// A child being deleted whose parent was deleted first; its status
	// recorded no external reference (say it was never created).
	child := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "child", Namespace: "default"}}
	now := metav1.Now()
	child.DeletionTimestamp = &now
	externalRef := "" // read from the object's status.externalRef

	_, err := deletion.BuildAdapter(ctx, child, deletion.AdapterBuilder[*bucket]{
		ExternalRef:  func() (string, bool) { return externalRef, externalRef != "" },
		FromExternal: func(ctx context.Context, ref string) (*bucket, error) { return &bucket{id: ref}, nil },
		FromSpec: func(ctx context.Context) (*bucket, error) {
			// Resolving spec.parentRef fails: the parent is gone.
			return nil, deletion.NewDependencyNotFound("ConfigMap", "default", "parent", nil)
		},
	})
	if deletion.IsOrphaned(err) {
		fmt.Println("nothing left to clean up: remove the finalizer")
	}

	// With an external reference recorded, deletion builds from it and
	// never resolves the spec.
	externalRef = "buckets/42"
	a, err := deletion.BuildAdapter(ctx, child, deletion.AdapterBuilder[*bucket]{
		ExternalRef:  func() (string, bool) { return externalRef, externalRef != "" },
		FromExternal: func(ctx context.Context, ref string) (*bucket, error) { return &bucket{id: ref}, nil },
		FromSpec: func(ctx context.Context) (*bucket, error) {
			return nil, errors.New("not called while deleting")
		},
	})
	fmt.Println(a.id, err)
	// Output:
	// nothing left to clean up: remove the finalizer
	// buckets/42 <nil>
}
