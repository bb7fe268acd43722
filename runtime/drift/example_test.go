package drift_test

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/drift"
)

// ExampleMissingChildren keeps a generation shortcut without skipping drift
// repair: the shortcut is taken only when no child needs repair.
func ExampleMissingChildren() {
	reconcile := func(ctx context.Context, c client.Client, owner *corev1.Secret, observedGeneration int64) (ctrl.Result, error) {
		want := &corev1.ConfigMap{
			ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-settings", Namespace: owner.Namespace},
			Data:       map[string]string{"mode": "strict"},
		}
		if observedGeneration == owner.Generation {
			missing, err := drift.MissingChildren(ctx, c, owner, want)
			if err != nil || len(missing) == 0 {
				return ctrl.Result{}, err
			}
		}
		// Create or repair the children (ownership.EnsureChild).
		return ctrl.Result{}, nil
	}
	_ = reconcile
}

func ExampleCheck() {
	report := func(ctx context.Context, c client.Client, owner client.Object, children ...client.Object) error {
		findings, err := drift.Check(ctx, c, owner, children...)
		for _, f := range findings {
			ctrl.LoggerFrom(ctx).Info("child needs repair", "child", f.Child.GetName(), "reason", f.Reason, "field", f.Field)
		}
		return err
	}
	_ = report
}
