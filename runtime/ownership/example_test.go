package ownership_test

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/deletion"
	"github.com/deletionlint/deletionlint/runtime/ownership"
)

func ExampleNewControllerRef() {
	owner := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "owner", Namespace: "default", UID: types.UID("1234")}}
	ref, err := ownership.NewControllerRef(owner, clientgoscheme.Scheme)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ref.Kind, ref.Name, *ref.Controller, *ref.BlockOwnerDeletion)
	// Output: ConfigMap owner true true
}

// ExampleEnsureChild shows a reconciler keeping one ConfigMap per owner;
// the controller is built with Owns(&corev1.ConfigMap{}) so a deleted child
// comes back at once.
func ExampleEnsureChild() {
	reconcileChild := func(ctx context.Context, c client.Client, owner *corev1.Secret) error {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-settings", Namespace: owner.Namespace}}
		result, err := ownership.EnsureChild(ctx, c, owner, cm, func() error {
			cm.Data = map[string]string{"keys": fmt.Sprint(len(owner.Data))}
			return nil
		})
		if err != nil {
			return err
		}
		ctrl.LoggerFrom(ctx).Info("child reconciled", "result", result)
		return nil
	}
	_ = reconcileChild
}

// ExampleGetOwner shows deletion code that treats a gone owner as gone.
func ExampleGetOwner() {
	finalize := func(ctx context.Context, c client.Client, child *corev1.ConfigMap) (ctrl.Result, error) {
		var owner corev1.Secret
		err := ownership.GetOwner(ctx, c, child, &owner)
		switch {
		case errors.Is(err, ownership.ErrOwnerGone), errors.Is(err, ownership.ErrNoOwner):
			// Nothing to tell the owner: release our finalizer.
		case err != nil:
			return ctrl.Result{}, err
		case !deletion.IsDeleting(&owner):
			// Tell the live owner its child is going away, then release.
		}
		return ctrl.Result{}, nil
	}
	_ = finalize
}
