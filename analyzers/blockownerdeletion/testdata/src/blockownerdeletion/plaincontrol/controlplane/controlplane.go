// Reproduces a Cluster API control-plane provider: for each control-plane
// Machine it creates a bootstrap config with a plain reference to the
// control plane and hands a reference to the config to the Machine, whose
// controller in Cluster API adopts the config as its controller. That
// plain reference is on purpose and left alone; the plain reference on a
// Registration, which nothing adopts, is reported.
package controlplane

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ControlPlane struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *ControlPlane) DeepCopyObject() runtime.Object { return in }

type NodeConfig struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *NodeConfig) DeepCopyObject() runtime.Object { return in }

type Registration struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Registration) DeepCopyObject() runtime.Object { return in }

type Reconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cp := &ControlPlane{}
	if err := r.Get(ctx, req.NamespacedName, cp); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.register(ctx, cp); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.scaleUp(ctx, cp)
}

func (r *Reconciler) scaleUp(ctx context.Context, cp *ControlPlane) error {
	configRef, err := r.createConfig(ctx, cp)
	if err != nil {
		return err
	}
	m := &clusterv1.Machine{ObjectMeta: metav1.ObjectMeta{Name: cp.Name + "-0", Namespace: cp.Namespace}}
	m.Spec.Bootstrap.ConfigRef = configRef
	if err := controllerutil.SetControllerReference(cp, m, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, m)
}

// createConfig makes the bootstrap config of one Machine; the Machine's
// controller becomes its controller.
func (r *Reconciler) createConfig(ctx context.Context, cp *ControlPlane) (*corev1.ObjectReference, error) {
	cfg := &NodeConfig{ObjectMeta: metav1.ObjectMeta{GenerateName: cp.Name + "-", Namespace: cp.Namespace}}
	if err := controllerutil.SetOwnerReference(cp, cfg, r.Scheme); err != nil {
		return nil, err
	}
	if err := r.Create(ctx, cfg); err != nil {
		return nil, err
	}
	return &corev1.ObjectReference{Kind: "NodeConfig", Namespace: cfg.Namespace, Name: cfg.Name}, nil
}

func (r *Reconciler) register(ctx context.Context, cp *ControlPlane) error {
	reg := &Registration{ObjectMeta: metav1.ObjectMeta{Name: cp.Name, Namespace: cp.Namespace}}
	if err := controllerutil.SetOwnerReference(cp, reg, r.Scheme); err != nil { // want `plain owner reference without blockOwnerDeletion on the Registration this controller creates for its ControlPlane`
		return err
	}
	return client.IgnoreAlreadyExists(r.Create(ctx, reg))
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&ControlPlane{}).Owns(&clusterv1.Machine{}).Complete(r)
}
