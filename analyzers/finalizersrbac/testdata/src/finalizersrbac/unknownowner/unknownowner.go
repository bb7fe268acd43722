// Reproduces a report builder whose owner is whatever workload was scanned, kept in a field of interface type by a chained setter, in an operator whose roles grant update on no finalizers at all: the API server rejects the blocking reference whatever the owner's kind, so the rule reports it although it cannot name the kind.
package unknownowner

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=reports,verbs=get;list;watch;create;update;patch
// +kubebuilder:rbac:groups=apps,resources=deployments;replicasets,verbs=get;list;watch

// Report is what the operator writes for each workload it scans.
type Report struct{ metav1.ObjectMeta }

// Builder builds a Report owned by the workload it was given.
type Builder struct {
	scheme *runtime.Scheme
	owner  client.Object
}

func NewBuilder(s *runtime.Scheme) *Builder { return &Builder{scheme: s} }

// Controller sets the workload that owns the report.
func (b *Builder) Controller(o client.Object) *Builder {
	b.owner = o
	return b
}

// Get returns the report, owned by the workload.
func (b *Builder) Get() (Report, error) {
	r := Report{ObjectMeta: metav1.ObjectMeta{Name: b.owner.GetName(), Namespace: b.owner.GetNamespace()}}
	if err := controllerutil.SetControllerReference(b.owner, &r, b.scheme); err != nil { // want `SetControllerReference sets blockOwnerDeletion on a reference to b.owner, whose kind is not known here, and no role or RBAC marker this rule reads grants update on any finalizers, so the API server rejects it whatever b.owner is .*: grant update on the finalizers of each kind b.owner can be, or do not block its deletion`
		return Report{}, err
	}
	return r, nil
}

// Reconciler scans the objects of a kind chosen at run time.
type Reconciler[T client.Object] struct {
	client.Client
	Scheme *runtime.Scheme
	New    func() T
}

func (r *Reconciler[T]) Reconcile(ctx context.Context, key client.ObjectKey) error {
	obj := r.New()
	if err := r.Get(ctx, key, obj); err != nil {
		return client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: obj.GetName(), Namespace: obj.GetNamespace()}}
	if err := controllerutil.SetControllerReference(obj, cm, r.Scheme); err != nil { // also `reference to b.owner`
		return err
	}
	if err := r.Create(ctx, cm); err != nil {
		return err
	}
	sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{
		Name: obj.GetName(),
		OwnerReferences: []metav1.OwnerReference{{ // also `reference to b.owner`
			APIVersion: obj.GetObjectKind().GroupVersionKind().GroupVersion().String(), Kind: obj.GetObjectKind().GroupVersionKind().Kind,
			Name: obj.GetName(), UID: obj.GetUID(), Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true),
		}},
	}}
	return r.Create(ctx, sa)
}

// setOwner takes the owner as a parameter: it is checked where it is
// called, not here.
func setOwner(owner client.Object, obj client.Object, s *runtime.Scheme) error {
	return controllerutil.SetControllerReference(owner, obj, s)
}

type Scanner struct {
	client.Client
	Scheme   *runtime.Scheme
	workload client.Object
}

func (s *Scanner) Secret(ctx context.Context) error {
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: s.workload.GetName()}}
	if err := setOwner(s.workload, sec, s.Scheme); err != nil { // also `reference to b.owner`
		return err
	}
	return s.Create(ctx, sec)
}

// What does not block, or is not written, is not reported.
func (s *Scanner) quiet(ctx context.Context, status *corev1.Secret) error {
	// Opted out.
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(s.workload, cm, s.Scheme, controllerutil.WithBlockOwnerDeletion(false)); err != nil {
		return err
	}
	// Set, then turned off.
	svc := &corev1.Service{}
	if err := controllerutil.SetControllerReference(s.workload, svc, s.Scheme); err != nil {
		return err
	}
	svc.OwnerReferences[0].BlockOwnerDeletion = ptr.To(false)
	// Built only to compare with: never written.
	want := &corev1.Secret{}
	_ = controllerutil.SetControllerReference(s.workload, want, s.Scheme)
	if want.Name != status.Name {
		return nil
	}
	// A plain owner reference does not block.
	_ = controllerutil.SetOwnerReference(s.workload, cm, s.Scheme)
	// A closure's parameter is its caller's to check.
	each(func(o client.Object) error { return controllerutil.SetControllerReference(o, cm, s.Scheme) })
	if err := s.Create(ctx, cm); err != nil {
		return err
	}
	return s.Create(ctx, svc)
}

func each(func(client.Object) error) {}
