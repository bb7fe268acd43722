// Package v1 is a stub of k8s.io/client-go/kubernetes/typed/core/v1.
package v1

import (
	"context"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	types "k8s.io/apimachinery/pkg/types"
	corev1 "k8s.io/client-go/applyconfigurations/core/v1"
)

type CoreV1Interface interface {
	ServicesGetter
	ConfigMapsGetter
	PodsGetter
}

type CoreV1Client struct{}

func (c *CoreV1Client) Services(namespace string) ServiceInterface     { return nil }
func (c *CoreV1Client) ConfigMaps(namespace string) ConfigMapInterface { return nil }
func (c *CoreV1Client) Pods(namespace string) PodInterface             { return nil }

type ServicesGetter interface {
	Services(namespace string) ServiceInterface
}

type ServiceInterface interface {
	Create(ctx context.Context, service *v1.Service, opts metav1.CreateOptions) (*v1.Service, error)
	Update(ctx context.Context, service *v1.Service, opts metav1.UpdateOptions) (*v1.Service, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*v1.Service, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *v1.Service, err error)
}

type ConfigMapsGetter interface {
	ConfigMaps(namespace string) ConfigMapInterface
}

type ConfigMapInterface interface {
	Create(ctx context.Context, configMap *v1.ConfigMap, opts metav1.CreateOptions) (*v1.ConfigMap, error)
	Update(ctx context.Context, configMap *v1.ConfigMap, opts metav1.UpdateOptions) (*v1.ConfigMap, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*v1.ConfigMap, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *v1.ConfigMap, err error)
	Apply(ctx context.Context, configMap *corev1.ConfigMapApplyConfiguration, opts metav1.ApplyOptions) (result *v1.ConfigMap, err error)
}

type PodsGetter interface {
	Pods(namespace string) PodInterface
}

type PodInterface interface {
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*v1.Pod, error)
	List(ctx context.Context, opts metav1.ListOptions) (*v1.PodList, error)
}
