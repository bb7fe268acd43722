package scenario_test

import (
	"context"
	"os"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/deletionlint/deletionlint/runtime/internal/cloud"
	"github.com/deletionlint/deletionlint/runtime/internal/testapi"
	"github.com/deletionlint/deletionlint/runtime/internal/testenv"
	"github.com/deletionlint/deletionlint/runtime/ownership"
)

var env *testenv.Env

func TestMain(m *testing.M) {
	os.Exit(testenv.Run(m, testenv.Options{GarbageCollector: true}, &env))
}

// startController runs a manager with the widget controller, restricted to
// namespace ns, until the test ends.
func startController(t *testing.T, ns string, fake *cloud.Cloud) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
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
	r := &widgetController{Client: mgr.GetClient(), apiReader: mgr.GetAPIReader(), cloud: fake}
	err = ctrl.NewControllerManagedBy(mgr).
		For(&testapi.Widget{}).
		Owns(&testapi.Widget{}).
		Complete(r)
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
}

func createWidget(t *testing.T, w *testapi.Widget) {
	t.Helper()
	if err := env.Client.Create(context.Background(), w); err != nil {
		t.Fatalf("create widget %s: %v", w.Name, err)
	}
}

// externalRef waits for the controller to record w's external resource.
func externalRef(t *testing.T, w *testapi.Widget) string {
	t.Helper()
	var got testapi.Widget
	testenv.Eventually(t, 20*time.Second, "external resource of "+w.Name+" recorded", func() (bool, error) {
		err := env.Client.Get(context.Background(), client.ObjectKeyFromObject(w), &got)
		return err == nil && got.Status.ExternalRef != "", err
	})
	return got.Status.ExternalRef
}

func waitGone(t *testing.T, what string, objs ...client.Object) {
	t.Helper()
	for _, o := range objs {
		testenv.Eventually(t, 30*time.Second, what+": "+o.GetName()+" gone", func() (bool, error) {
			return env.Gone(context.Background(), o)
		})
	}
}

func assertDeletedOnce(t *testing.T, fake *cloud.Cloud, name, ref string) {
	t.Helper()
	if fake.Exists(ref) {
		t.Errorf("external resource %s of %s still exists", ref, name)
	}
	if n := fake.Creates(ref); n != 1 {
		t.Errorf("external resource %s of %s created %d times, want 1", ref, name, n)
	}
	if n := fake.Deletes(ref); n != 1 {
		t.Errorf("external resource %s of %s deleted %d times, want exactly 1", ref, name, n)
	}
}

// TestParentDeletedBeforeChild deletes the parent a child resolves its
// adapter from, then the child: the child's finalizer is released and its
// external resource deleted exactly once, through the reference recorded in
// status. A second child that never got an external resource (its parent was
// already gone) is released as orphaned.
func TestParentDeletedBeforeChild(t *testing.T) {
	ctx := context.Background()
	ns := env.Namespace(t)
	fake := cloud.New()
	startController(t, ns, fake)

	parent := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Name: "parent", Namespace: ns}, Spec: testapi.WidgetSpec{Value: "p"}}
	child := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Name: "child", Namespace: ns}, Spec: testapi.WidgetSpec{Parent: "parent", Value: "c"}}
	createWidget(t, parent)
	createWidget(t, child)
	parentRef, childRef := externalRef(t, parent), externalRef(t, child)

	if err := env.Client.Delete(ctx, parent); err != nil {
		t.Fatal(err)
	}
	waitGone(t, "parent deleted first", parent)

	late := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Name: "late", Namespace: ns}, Spec: testapi.WidgetSpec{Parent: "parent", Value: "l"}}
	createWidget(t, late)
	testenv.Eventually(t, 20*time.Second, "late child gets the finalizer", func() (bool, error) {
		var got testapi.Widget
		err := env.Client.Get(ctx, client.ObjectKeyFromObject(late), &got)
		return err == nil && len(got.Finalizers) == 1, err
	})

	for _, w := range []*testapi.Widget{child, late} {
		if err := env.Client.Delete(ctx, w); err != nil {
			t.Fatal(err)
		}
	}
	waitGone(t, "children of a deleted parent released", child, late)
	assertDeletedOnce(t, fake, "parent", parentRef)
	assertDeletedOnce(t, fake, "child", childRef)
}

// TestOwnerAndChildDeletedTogether deletes an owner (foreground) and its
// child at the same time, both with finalizers: the owner's cleanup waits for
// the child, the child's does not wait for the owner, and both go.
func TestOwnerAndChildDeletedTogether(t *testing.T) {
	ctx := context.Background()
	ns := env.Namespace(t)
	fake := cloud.New()
	startController(t, ns, fake)

	owner := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Name: "owner", Namespace: ns}, Spec: testapi.WidgetSpec{Value: "o"}}
	createWidget(t, owner)
	child := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Name: "owned", Namespace: ns}, Spec: testapi.WidgetSpec{Parent: "owner", Value: "c"}}
	if err := ownership.SetControllerReference(owner, child, env.Scheme); err != nil {
		t.Fatal(err)
	}
	createWidget(t, child)
	ownerRef, childRef := externalRef(t, owner), externalRef(t, child)

	errs := make(chan error, 2)
	go func() {
		errs <- env.Client.Delete(ctx, owner, client.PropagationPolicy(metav1.DeletePropagationForeground))
	}()
	// The owner's foreground deletion makes the garbage collector delete
	// the child too, and on a loaded machine it may finish before this
	// Delete is sent: the child is then already gone.
	go func() { errs <- client.IgnoreNotFound(env.Client.Delete(ctx, child)) }()
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	waitGone(t, "owner and child deleted together", child, owner)
	assertDeletedOnce(t, fake, "owner", ownerRef)
	assertDeletedOnce(t, fake, "child", childRef)
}
