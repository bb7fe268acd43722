// A controller whose owners' kinds live in API packages of their own: the owner's group comes from that package (its +groupName marker, GroupVersion literal or GroupName constant), so a marker for the right resource in the wrong group does not grant the permission.
package crossgroup

import (
	"context"

	appsv1 "finalizersrbac/apis/apps/v1"
	batchv1 "finalizersrbac/apis/batch/v1"
	stalev1 "finalizersrbac/apis/stale/v1"

	"github.com/deletionlint/deletionlint/runtime/ownership"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=other.example.com,resources=widgets/finalizers,verbs=update
// +kubebuilder:rbac:groups=batch.example.com,resources=jobs;jobs/finalizers,verbs=*
// +kubebuilder:rbac:groups=core,resources=configmaps/finalizers,verbs=update
// +kubebuilder:rbac:groups=new.example.com,resources=runs/finalizers,verbs=update

type Reconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *Reconciler) reconcile(ctx context.Context, w *appsv1.Widget, j *batchv1.Job, cm *corev1.ConfigMap, sec *corev1.Secret, run *stalev1.Run, obj client.Object, gvk schema.GroupVersionKind, child *corev1.Pod) error {
	_ = controllerutil.SetControllerReference(w, child, r.Scheme) // want `reference to a Widget.*add // \+kubebuilder:rbac:groups=apps.example.com,resources=widgets/finalizers,verbs=update`
	_ = controllerutil.SetControllerReference(j, child, r.Scheme)
	_ = controllerutil.SetControllerReference(cm, child, r.Scheme)
	_ = controllerutil.SetControllerReference(run, child, r.Scheme)
	_ = controllerutil.SetControllerReference(sec, child, r.Scheme) // want `groups=core,resources=secrets/finalizers,verbs=update`
	_ = ctrl.SetControllerReference(w, child, r.Scheme)             // also `reference to a Widget`
	_ = ctrl.SetControllerReference(j, child, r.Scheme)

	// The owner's static type is an interface; the GroupVersionKind names it.
	child.OwnerReferences = append(child.OwnerReferences, *metav1.NewControllerRef(obj, appsv1.GroupVersion.WithKind("Gizmo"))) // want `reference to a Gizmo.*groups=apps.example.com,resources=gizmoes/finalizers`
	child.OwnerReferences = append(child.OwnerReferences, *metav1.NewControllerRef(obj, batchv1.SchemeGroupVersion.WithKind("Job")))
	child.OwnerReferences = append(child.OwnerReferences, *metav1.NewControllerRef(obj, gvk)) // a GroupVersionKind the rule cannot read: no finding
	// Named by its apiVersion and kind: the constants give the group.
	child.OwnerReferences = append(child.OwnerReferences, *metav1.NewControllerRef(obj, schema.FromAPIVersionAndKind("apps.example.com/v1", "Sprocket"))) // want `reference to a Sprocket.*groups=apps.example.com,resources=sprockets/finalizers`
	child.OwnerReferences = append(child.OwnerReferences, *metav1.NewControllerRef(obj, schema.FromAPIVersionAndKind("batch.example.com/v1", "Job")))

	// Literals: blockOwnerDeletion set to true needs the permission,
	// whether or not the reference is a controller reference.
	child.OwnerReferences = []metav1.OwnerReference{
		{APIVersion: appsv1.GroupVersion.String(), Kind: "Widget", Name: w.Name, UID: w.UID, BlockOwnerDeletion: ptr.To(true)}, // also `reference to a Widget`
		{APIVersion: "batch.example.com/v1", Kind: "Job", Name: j.Name, UID: j.UID, Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true)},
		{APIVersion: "v1", Kind: "ConfigMap", Name: cm.Name, UID: cm.UID, Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true)},
		{APIVersion: appsv1.GroupVersion.String(), Kind: "Widget", Name: w.Name, UID: w.UID, Controller: ptr.To(true)},
		{APIVersion: appsv1.GroupVersion.String(), Kind: "Widget", Name: w.Name, UID: w.UID, Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(false)},
	}

	// The runtime module's helpers block owner deletion too.
	_, _ = ownership.EnsureChild(ctx, r.Client, w, child, func() error { return nil }) // also `reference to a Widget`
	_, _ = ownership.EnsureChild(ctx, r.Client, j, child, func() error { return nil })

	// A plain owner reference blocks deletion only when asked to.
	_ = controllerutil.SetOwnerReference(w, child, r.Scheme)
	_ = controllerutil.SetOwnerReference(w, child, r.Scheme, controllerutil.WithBlockOwnerDeletion(true)) // also `reference to a Widget`
	return nil
}
