// Reproduces runner controllers that make a Pod for their object and, with
// it, the Secret the Pod reads. The first makes the Secret only when its
// Pod is not found, just before creating the Pod, and watches the Pods: the
// Secret is made again whenever the Pod is, and watching Secrets would not
// bring one back while the Pod runs. The second makes the Secret on every
// pass, before looking at the Pod, and does not watch Secrets.
package withconsumer

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Runner struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Runner) DeepCopyObject() runtime.Object { return in }

type PodFirst struct {
	client.Client
}

func (r *PodFirst) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	run := &Runner{}
	if err := r.Get(ctx, req.NamespacedName, run); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); apierrors.IsNotFound(err) {
		if err := r.ensureConfig(ctx, run); err != nil {
			return ctrl.Result{}, err
		}
		p := &corev1.Pod{}
		p.Namespace, p.Name = run.Namespace, run.Name
		if err := ctrl.SetControllerReference(run, p, r.Scheme()); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.Create(ctx, p)
	} else if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *PodFirst) ensureConfig(ctx context.Context, run *Runner) error {
	s := &corev1.Secret{}
	s.Namespace, s.Name = run.Namespace, run.Name+"-config"
	if err := ctrl.SetControllerReference(run, s, r.Scheme()); err != nil {
		return err
	}
	return client.IgnoreAlreadyExists(r.Create(ctx, s))
}

func (r *PodFirst) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Runner{}).
		Owns(&corev1.Pod{}).
		Complete(r)
}

type EveryPass struct {
	client.Client
}

func (r *EveryPass) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	run := &Runner{}
	if err := r.Get(ctx, req.NamespacedName, run); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	s.Namespace, s.Name = run.Namespace, run.Name+"-config"
	if err := ctrl.SetControllerReference(run, s, r.Scheme()); err != nil { // want `corev1.Secret is created with a controller reference to Runner but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, s); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); apierrors.IsNotFound(err) {
		p := &corev1.Pod{}
		p.Namespace, p.Name = run.Namespace, run.Name
		if err := ctrl.SetControllerReference(run, p, r.Scheme()); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.Create(ctx, p)
	}
	return ctrl.Result{}, nil
}

func (r *EveryPass) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Runner{}).
		Owns(&corev1.Pod{}).
		Complete(r)
}
