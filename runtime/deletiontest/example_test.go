package deletiontest_test

import (
	"context"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// mirror is a small operator: for each ConfigMap labelled mirror=yes it
// keeps a Secret of the same data, controlled by the ConfigMap, and it
// watches the Secrets it owns, so a deleted one comes back.
type mirror struct{ client.Client }

func (r *mirror) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Labels["mirror"] != "yes" || cm.DeletionTimestamp != nil {
		return ctrl.Result{}, nil
	}
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name + "-mirror", Namespace: cm.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, secret, func() error {
		secret.StringData = cm.Data
		return controllerutil.SetControllerReference(&cm, secret, r.Scheme())
	})
	return ctrl.Result{}, err
}

func (r *mirror) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Owns(&corev1.Secret{}).
		// Several tests of one binary each start a manager: controller
		// names are unique per process unless told otherwise.
		WithOptions(controller.Options{SkipNameValidation: ptr.To(true)}).
		Complete(r)
}

// TestExampleOperator is the package documentation's complete test: the
// operator's manager started on the Env's control plane, an object created,
// and the scenarios run against what the operator does. It is compiled and
// run with the package's other tests.
func TestExampleOperator(t *testing.T) {
	// The operator's manager, as its main package builds it, on env.Config.
	mgr, err := ctrl.NewManager(env.Config, ctrl.Options{
		Scheme:  env.Scheme,
		Metrics: metricsserver.Options{BindAddress: "0"}, // no port to collide on
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := (&mirror{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()

	ns := env.Namespace(t)
	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: "settings", Namespace: ns, Labels: map[string]string{"mirror": "yes"}},
		Data:       map[string]string{"mode": "fast"},
	}
	if err := env.Client.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "settings-mirror", Namespace: ns}}
	deadline := time.Now().Add(30 * time.Second)
	for err := env.Client.Get(ctx, client.ObjectKeyFromObject(secret), secret); apierrors.IsNotFound(err); err = env.Client.Get(ctx, client.ObjectKeyFromObject(secret), secret) {
		if time.Now().After(deadline) {
			t.Fatal("the operator did not create its Secret")
		}
		time.Sleep(100 * time.Millisecond)
	}

	// A deleted child comes back (the controller Owns it) ...
	env.SelfHealing(t, secret, 30*time.Second)
	// ... and a foreground deletion of the owner deletes it first, through
	// the garbage collector (its owner reference blocks owner deletion).
	env.ForegroundCascade(t, cm, []client.Object{secret}, 30*time.Second)
}
