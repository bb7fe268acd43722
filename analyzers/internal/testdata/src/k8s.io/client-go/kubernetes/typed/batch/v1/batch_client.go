// Package v1 is a stub of k8s.io/client-go/kubernetes/typed/batch/v1.
package v1

import (
	"context"

	v1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type BatchV1Interface interface {
	JobsGetter
}

type JobsGetter interface {
	Jobs(namespace string) JobInterface
}

type JobInterface interface {
	Create(ctx context.Context, job *v1.Job, opts metav1.CreateOptions) (*v1.Job, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*v1.Job, error)
}
