// Package mgr reproduces an operator's API and managers in a package of
// their own: a Template's manager counts the Datas that use it, a Data's
// manager releases its leases, reading the Template (or the Pool) its spec
// names and handing back the error of that read as it is.
package mgr

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const Finalizer = "example.com/leases"

type Template struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Template) DeepCopyObject() runtime.Object { return in }

type Pool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Pool) DeepCopyObject() runtime.Object { return in }

type Data struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec DataSpec
}

type DataSpec struct {
	TemplateName, PoolName string
}

func (in *Data) DeepCopyObject() runtime.Object { return in }

type DataList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Data
}

func (in *DataList) DeepCopyObject() runtime.Object { return in }

// TemplateManager is what the Template controller sees of its manager.
type TemplateManager interface {
	CountDatas(ctx context.Context) (int, error)
	UnsetFinalizer()
}

// DataManager is what the Data controllers see of theirs.
type DataManager interface {
	ReleaseLeases(ctx context.Context) error
	ReleasePool(ctx context.Context) error
	UnsetFinalizer()
}

// NewTemplateManager returns the manager of t.
func NewTemplateManager(c client.Client, t *Template) TemplateManager {
	return &templateManager{c: c, t: t}
}

// NewDataManager returns the manager of d.
func NewDataManager(c client.Client, d *Data) DataManager {
	return &dataManager{c: c, d: d}
}

type templateManager struct {
	c client.Client
	t *Template
}

// CountDatas returns how many Datas are left in the Template's namespace.
func (m *templateManager) CountDatas(ctx context.Context) (int, error) {
	datas := &DataList{}
	if err := m.c.List(ctx, datas, client.InNamespace(m.t.Namespace)); err != nil {
		return 0, err
	}
	return len(datas.Items), nil
}

func (m *templateManager) UnsetFinalizer() {
	controllerutil.RemoveFinalizer(m.t, Finalizer)
}

type dataManager struct {
	c client.Client
	d *Data
}

// ReleaseLeases reads the Data's Template and returns the read's error.
func (m *dataManager) ReleaseLeases(ctx context.Context) error {
	t := &Template{}
	return m.c.Get(ctx, client.ObjectKey{Namespace: m.d.Namespace, Name: m.d.Spec.TemplateName}, t)
}

// ReleasePool reads the Data's Pool and returns the read's error.
func (m *dataManager) ReleasePool(ctx context.Context) error {
	p := &Pool{}
	return m.c.Get(ctx, client.ObjectKey{Namespace: m.d.Namespace, Name: m.d.Spec.PoolName}, p)
}

func (m *dataManager) UnsetFinalizer() {
	controllerutil.RemoveFinalizer(m.d, Finalizer)
}
