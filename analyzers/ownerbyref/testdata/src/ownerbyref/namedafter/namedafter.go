// An operator whose Appliance controller makes, for each Appliance, a Firmware object named after the Appliance // want package:`byName\(; 3 pairs\)`
// and an Inventory object with a name of its own, both owned by the Appliance; their controllers find the Appliance
// by their own names. A Firmware's own name is its Appliance's by construction; an Inventory's is not. A Snapshot,
// made by users, adopts the Appliance of its own name.
package namedafter

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Appliance struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ApplianceSpec
}

type ApplianceSpec struct {
	InventoryName string
}

func (in *Appliance) DeepCopyObject() runtime.Object   { return in }
func (in *Appliance) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Firmware struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Firmware) DeepCopyObject() runtime.Object   { return in }
func (in *Firmware) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Inventory struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Inventory) DeepCopyObject() runtime.Object   { return in }
func (in *Inventory) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type ApplianceReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// state is what one pass of the Appliance controller carries around.
type state struct {
	appliance *Appliance
}

func (r *ApplianceReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	st := &state{appliance: &Appliance{}}
	if err := r.Get(ctx, req.NamespacedName, st.appliance); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.ensureFirmware(ctx, st); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.ensureInventory(ctx, st.appliance)
}

func (r *ApplianceReconciler) ensureFirmware(ctx context.Context, st *state) error { // want ensureFirmware:"owners\\(ownerbyref/namedafter.Appliance>ownerbyref/namedafter.Firmware; named ownerbyref/namedafter.Appliance>ownerbyref/namedafter.Firmware\\)"
	fw := &Firmware{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(st.appliance), fw); err == nil {
		return nil
	}
	fw.ObjectMeta = metav1.ObjectMeta{Namespace: st.appliance.Namespace, Name: st.appliance.Name}
	if err := controllerutil.SetOwnerReference(st.appliance, fw, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, fw)
}

func (r *ApplianceReconciler) ensureInventory(ctx context.Context, a *Appliance) error { // want ensureInventory:"owners\\(ownerbyref/namedafter.Appliance>ownerbyref/namedafter.Inventory\\)"
	inv := &Inventory{ObjectMeta: metav1.ObjectMeta{Namespace: a.Namespace, Name: a.Spec.InventoryName}}
	if err := controllerutil.SetControllerReference(a, inv, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, inv)
}

type FirmwareReconciler struct{ client.Client }

func (r *FirmwareReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if err := r.Get(ctx, req.NamespacedName, &Firmware{}); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	a := &Appliance{}
	if err := r.Get(ctx, req.NamespacedName, a); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	return reconcile.Result{}, nil
}

type InventoryReconciler struct{ client.Client }

func (r *InventoryReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if err := r.Get(ctx, req.NamespacedName, &Inventory{}); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	a := &Appliance{}
	if err := r.Get(ctx, req.NamespacedName, a); err != nil { // want `Get of the owning Appliance by a name taken from the object's own name`
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	return reconcile.Result{}, nil
}
