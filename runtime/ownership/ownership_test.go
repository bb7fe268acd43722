package ownership_test

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/deletionlint/deletionlint/runtime/internal/testapi"
	"github.com/deletionlint/deletionlint/runtime/internal/testenv"
	"github.com/deletionlint/deletionlint/runtime/ownership"
)

var env *testenv.Env

func TestMain(m *testing.M) {
	os.Exit(testenv.Run(m, testenv.Options{}, &env))
}

func newWidget(t *testing.T, ns, name string) *testapi.Widget {
	t.Helper()
	w := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns}, Spec: testapi.WidgetSpec{Value: "v1"}}
	if err := env.Client.Create(context.Background(), w); err != nil {
		t.Fatalf("create widget %s: %v", name, err)
	}
	return w
}

func TestEnsureChild(t *testing.T) {
	ctx := context.Background()
	ns := env.Namespace(t)
	owner := newWidget(t, ns, "owner")
	value := "a"
	ensure := func() controllerutil.OperationResult {
		t.Helper()
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "child", Namespace: ns}}
		res, err := ownership.EnsureChild(ctx, env.Client, owner, cm, func() error {
			cm.Data = map[string]string{"value": value}
			return nil
		})
		if err != nil {
			t.Fatalf("EnsureChild: %v", err)
		}
		return res
	}
	if res := ensure(); res != controllerutil.OperationResultCreated {
		t.Errorf("first EnsureChild = %s, want created", res)
	}
	if res := ensure(); res != controllerutil.OperationResultNone {
		t.Errorf("unchanged EnsureChild = %s, want unchanged", res)
	}
	value = "b"
	if res := ensure(); res != controllerutil.OperationResultUpdated {
		t.Errorf("changed EnsureChild = %s, want updated", res)
	}
	var stored corev1.ConfigMap
	if err := env.Client.Get(ctx, types.NamespacedName{Namespace: ns, Name: "child"}, &stored); err != nil {
		t.Fatal(err)
	}
	if stored.Data["value"] != "b" {
		t.Errorf("data = %v, want value b", stored.Data)
	}
	refs := stored.OwnerReferences
	if len(refs) != 1 || refs[0].UID != owner.UID || !ptr.Deref(refs[0].Controller, false) || !ptr.Deref(refs[0].BlockOwnerDeletion, false) ||
		refs[0].APIVersion != testapi.GroupVersion.String() || refs[0].Kind != "Widget" {
		t.Errorf("owner references = %+v, want one controller reference to the owner with blockOwnerDeletion", refs)
	}

	other := newWidget(t, ns, "other")
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "child", Namespace: ns}}
	if _, err := ownership.EnsureChild(ctx, env.Client, other, cm, nil); !errors.Is(err, ownership.ErrControlledByOther) {
		t.Errorf("EnsureChild by a second owner: err = %v, want ErrControlledByOther", err)
	}
	foreign := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "child", Namespace: "default"}}
	if err := ownership.SetControllerReference(owner, foreign, env.Scheme); err == nil {
		t.Error("SetControllerReference across namespaces: no error")
	}
}

func TestGetOwner(t *testing.T) {
	ctx := context.Background()
	ns := env.Namespace(t)
	owner := newWidget(t, ns, "owner")
	child := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "child", Namespace: ns}}
	if err := env.Client.Create(ctx, child); err != nil {
		t.Fatal(err)
	}
	if err := ownership.GetOwner(ctx, env.Client, child, &testapi.Widget{}); !errors.Is(err, ownership.ErrNoOwner) {
		t.Fatalf("no reference: err = %v, want ErrNoOwner", err)
	}

	// A reference with the right kind name in another API group is not a
	// reference to a Widget.
	child.OwnerReferences = []metav1.OwnerReference{{APIVersion: "elsewhere.example.com/v1", Kind: "Widget", Name: owner.Name, UID: owner.UID}}
	if err := ownership.GetOwner(ctx, env.Client, child, &testapi.Widget{}); !errors.Is(err, ownership.ErrNoOwner) {
		t.Fatalf("reference in another group: err = %v, want ErrNoOwner", err)
	}

	if err := ownership.SetControllerReference(owner, child, env.Scheme); err != nil {
		t.Fatal(err)
	}
	if err := env.Client.Update(ctx, child); err != nil {
		t.Fatal(err)
	}
	var got testapi.Widget
	if err := ownership.GetOwner(ctx, env.Client, child, &got); err != nil {
		t.Fatalf("GetOwner: %v", err)
	}
	if got.UID != owner.UID {
		t.Errorf("owner UID = %s, want %s", got.UID, owner.UID)
	}

	// Owner deleted (no garbage collector runs here, so the child stays).
	if err := env.Client.Delete(ctx, owner); err != nil {
		t.Fatal(err)
	}
	err := ownership.GetOwner(ctx, env.Client, child, &testapi.Widget{})
	if !errors.Is(err, ownership.ErrOwnerGone) || !apierrors.IsNotFound(err) {
		t.Fatalf("owner deleted: err = %v, want ErrOwnerGone wrapping NotFound", err)
	}

	// Recreated under the same name: still not the child's owner.
	newWidget(t, ns, "owner")
	if err := ownership.GetOwner(ctx, env.Client, child, &testapi.Widget{}); !errors.Is(err, ownership.ErrOwnerGone) {
		t.Fatalf("owner recreated: err = %v, want ErrOwnerGone", err)
	}
}

// widgetReconciler keeps one ConfigMap per Widget with EnsureChild.
type widgetReconciler struct {
	client.Client
}

func (r *widgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w testapi.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-config", Namespace: w.Namespace}}
	_, err := ownership.EnsureChild(ctx, r.Client, &w, cm, func() error {
		cm.Data = map[string]string{"value": w.Spec.Value}
		return nil
	})
	return ctrl.Result{}, err
}

// TestOwnsRecreatesDeletedChild runs a real manager and controller that Owns
// its ConfigMaps: a deleted child comes back within seconds, and so does an
// edited one, without any change to the owner.
func TestOwnsRecreatesDeletedChild(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ns := env.Namespace(t)
	mgr, err := ctrl.NewManager(env.Config, ctrl.Options{
		Scheme:                 env.Scheme,
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
		Controller:             config.Controller{SkipNameValidation: ptr.To(true)},
		Cache:                  cache.Options{DefaultNamespaces: map[string]cache.Config{ns: {}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	err = ctrl.NewControllerManagedBy(mgr).
		For(&testapi.Widget{}).
		Owns(&corev1.ConfigMap{}).
		Complete(&widgetReconciler{Client: mgr.GetClient()})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("manager: %v", err)
		}
	})

	w := newWidget(t, ns, "selfheal")
	key := types.NamespacedName{Namespace: ns, Name: "selfheal-config"}
	var first corev1.ConfigMap
	testenv.Eventually(t, 20*time.Second, "controller creates the child", func() (bool, error) {
		err := env.Client.Get(ctx, key, &first)
		return err == nil, err
	})
	if err := env.Client.Delete(ctx, &first); err != nil {
		t.Fatal(err)
	}
	var second corev1.ConfigMap
	testenv.Eventually(t, 10*time.Second, "deleted child recreated through the Owns watch", func() (bool, error) {
		err := env.Client.Get(ctx, key, &second)
		return err == nil && second.UID != first.UID, err
	})
	if !metav1.IsControlledBy(&second, w) {
		t.Errorf("recreated child not controlled by its widget: %+v", second.OwnerReferences)
	}

	second.Data = map[string]string{"value": "edited by hand"}
	if err := env.Client.Update(ctx, &second); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, 10*time.Second, "edited child repaired through the Owns watch", func() (bool, error) {
		var cm corev1.ConfigMap
		err := env.Client.Get(ctx, key, &cm)
		return err == nil && cm.Data["value"] == "v1", err
	})
	var after testapi.Widget
	if err := env.Client.Get(ctx, client.ObjectKeyFromObject(w), &after); err != nil {
		t.Fatal(err)
	}
	if after.Generation != w.Generation {
		t.Errorf("owner generation changed from %d to %d; repair must not depend on it", w.Generation, after.Generation)
	}
}
