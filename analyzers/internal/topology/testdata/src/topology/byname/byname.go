// Package byname is an operator whose Listener controller finds its owning
// Gateway by a name from the Listener's spec instead of its owner
// references: a Gateway of another name, or a deleted one, is never seen.
package byname

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// GroupVersion is the API's group and version.
var GroupVersion = schema.GroupVersion{Group: "net.example.com", Version: "v1"}

type Gateway struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status GatewayStatus
}

type GatewayStatus struct{ Address string }

func (in *Gateway) DeepCopyObject() runtime.Object { return in }

type Listener struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   ListenerSpec
	Status ListenerStatus
}

type ListenerSpec struct{ GatewayName string }

type ListenerStatus struct{ Address string }

func (in *Listener) DeepCopyObject() runtime.Object { return in }

// +kubebuilder:rbac:groups=net.example.com,resources=gateways;listeners,verbs=get;list;watch;create;update
// +kubebuilder:rbac:groups=net.example.com,resources=gateways/finalizers,verbs=update

type GatewayReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *GatewayReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Gateway{}).
		Owns(&Listener{}).
		Complete(r)
}

func (r *GatewayReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	gw := &Gateway{}
	if err := r.Get(ctx, req.NamespacedName, gw); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	l := &Listener{ObjectMeta: metav1.ObjectMeta{Namespace: gw.Namespace, Name: gw.Name + "-http"}, Spec: ListenerSpec{GatewayName: gw.Name}}
	if err := controllerutil.SetControllerReference(gw, l, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, l)
}

type ListenerReconciler struct {
	client.Client
}

func (r *ListenerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Listener{}).
		Complete(r)
}

func (r *ListenerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &Listener{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	gw := &Gateway{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: l.Namespace, Name: l.Spec.GatewayName}, gw); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	l.Status.Address = gw.Status.Address
	return ctrl.Result{}, r.Status().Update(ctx, l)
}
