// Package unwatched is an operator whose controller creates a Secret with
// a controller reference to its Vault but does not watch Secrets: a deleted
// Secret comes back only at the next resync.
package unwatched

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// GroupVersion is the API's group and version.
var GroupVersion = schema.GroupVersion{Group: "vault.example.com", Version: "v1"}

type Vault struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Vault) DeepCopyObject() runtime.Object { return in }

// +kubebuilder:rbac:groups=vault.example.com,resources=vaults,verbs=get;list;watch
// +kubebuilder:rbac:groups=vault.example.com,resources=vaults/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=secrets,verbs=get;list;watch;create

type VaultReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *VaultReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Vault{}).
		Complete(r)
}

func (r *VaultReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	v := &Vault{}
	if err := r.Get(ctx, req.NamespacedName, v); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.ensureKey(ctx, v)
}

// ensureKey creates the Vault's key, in another function than Reconcile.
func (r *VaultReconciler) ensureKey(ctx context.Context, v *Vault) error {
	key := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: v.Namespace, Name: v.Name + "-key"}}
	if err := controllerutil.SetControllerReference(v, key, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, key)
}
