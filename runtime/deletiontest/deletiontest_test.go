package deletiontest_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/deletiontest"
)

var env *deletiontest.Env

func TestMain(m *testing.M) {
	var err error
	env, err = deletiontest.Start(deletiontest.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	if err := env.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(code)
}

const stuck = "example.com/cleanup"

func configMap(t *testing.T, ns, name string, owner *corev1.ConfigMap, finalizers ...string) *corev1.ConfigMap {
	t.Helper()
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, Finalizers: finalizers}}
	if owner != nil {
		cm.OwnerReferences = []metav1.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: owner.Name, UID: owner.UID, BlockOwnerDeletion: ptr.To(true)}}
	}
	if err := env.Client.Create(context.Background(), cm); err != nil {
		t.Fatal(err)
	}
	return cm
}

// release removes every finalizer so that a failed scenario leaves nothing
// behind.
func release(t *testing.T, objs ...client.Object) {
	t.Helper()
	for _, o := range objs {
		patch := client.RawPatch("application/merge-patch+json", []byte(`{"metadata":{"finalizers":null}}`))
		if err := client.IgnoreNotFound(env.Client.Patch(context.Background(), o, patch)); err != nil {
			t.Fatal(err)
		}
	}
}

func wantFailure(t *testing.T, msg string, parts ...string) {
	t.Helper()
	if msg == "" {
		t.Fatalf("scenario passed, want a failure mentioning %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(msg, p) {
			t.Errorf("failure %q does not mention %q", msg, p)
		}
	}
}

func TestOrphanDeletion(t *testing.T) {
	ns := env.Namespace(t)
	dep := configMap(t, ns, "dep", nil)
	obj := configMap(t, ns, "obj", nil)
	if msg := deletiontest.Catch(func(tb deletiontest.TB) { env.OrphanDeletion(tb, obj, []client.Object{dep}, 10*time.Second) }); msg != "" {
		t.Errorf("orphan deletion of an object without finalizers failed: %s", msg)
	}

	held := configMap(t, ns, "held", nil, stuck)
	defer release(t, held)
	msg := deletiontest.Catch(func(tb deletiontest.TB) { env.OrphanDeletion(tb, held, nil, 2*time.Second) })
	wantFailure(t, msg, "ConfigMap "+ns+"/held", "not gone within 2s", stuck, "deleting since")
}

func TestForegroundCascade(t *testing.T) {
	ns := env.Namespace(t)
	owner := configMap(t, ns, "owner", nil)
	a := configMap(t, ns, "a", owner)
	b := configMap(t, ns, "b", owner)
	if msg := deletiontest.Catch(func(tb deletiontest.TB) {
		env.ForegroundCascade(tb, owner, []client.Object{a, b}, 30*time.Second)
	}); msg != "" {
		t.Errorf("foreground cascade failed: %s", msg)
	}

	owner2 := configMap(t, ns, "owner2", nil)
	held := configMap(t, ns, "held", owner2, stuck)
	defer release(t, held)
	msg := deletiontest.Catch(func(tb deletiontest.TB) {
		env.ForegroundCascade(tb, owner2, []client.Object{held}, 3*time.Second)
	})
	wantFailure(t, msg, "not complete within 3s", "ConfigMap "+ns+"/held", stuck, "owner ConfigMap owner2", metav1.FinalizerDeleteDependents)
}

func TestMutualWait(t *testing.T) {
	ns := env.Namespace(t)
	owner := configMap(t, ns, "owner", nil)
	child := configMap(t, ns, "child", owner)
	if msg := deletiontest.Catch(func(tb deletiontest.TB) { env.MutualWait(tb, owner, child, 30*time.Second) }); msg != "" {
		t.Errorf("mutual wait without finalizers failed: %s", msg)
	}

	owner2 := configMap(t, ns, "owner2", nil, "example.com/wait-for-children")
	child2 := configMap(t, ns, "child2", owner2, "example.com/wait-for-owner")
	defer release(t, owner2, child2)
	msg := deletiontest.Catch(func(tb deletiontest.TB) { env.MutualWait(tb, owner2, child2, 2*time.Second) })
	wantFailure(t, msg, "deadlock", "example.com/wait-for-children", "example.com/wait-for-owner")
}

func TestSelfHealing(t *testing.T) {
	ns := env.Namespace(t)
	child := configMap(t, ns, "child", nil)
	msg := deletiontest.Catch(func(tb deletiontest.TB) { env.SelfHealing(tb, child, time.Second) })
	wantFailure(t, msg, "ConfigMap "+ns+"/child was deleted and not restored within 1s", "it is gone")

	// A stand-in controller that recreates the child when it is missing.
	healed := configMap(t, ns, "healed", nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			err := env.Client.Get(ctx, client.ObjectKeyFromObject(healed), &corev1.ConfigMap{})
			if apierrors.IsNotFound(err) {
				_ = env.Client.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: healed.Name, Namespace: ns}})
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	defer func() { cancel(); <-done }()
	if msg := deletiontest.Catch(func(tb deletiontest.TB) { env.SelfHealing(tb, healed, 5*time.Second) }); msg != "" {
		t.Errorf("self-healing with a controller failed: %s", msg)
	}
}

func TestNoLeaks(t *testing.T) {
	x := deletiontest.NewExternal()
	id := x.Create("bucket for ns/obj")
	wantFailure(t, deletiontest.Catch(func(tb deletiontest.TB) { deletiontest.NoLeaks(tb, x) }), "1 external resource(s) not deleted", id, "bucket for ns/obj")
	if err := x.Delete(id); err != nil {
		t.Fatal(err)
	}
	if msg := deletiontest.Catch(func(tb deletiontest.TB) { deletiontest.NoLeaks(tb, x) }); msg != "" {
		t.Error(msg)
	}
}

func TestStartWithoutAssets(t *testing.T) {
	t.Setenv("KUBEBUILDER_ASSETS", t.TempDir())
	_, err := deletiontest.Start(deletiontest.Options{})
	if err == nil || !strings.Contains(err.Error(), "kube-binaries") {
		t.Fatalf("Start without binaries: %v, want the message saying how to build them", err)
	}
}

func TestStartWithUnknownAdmissionPlugin(t *testing.T) {
	t.Setenv("KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT", "")
	e, err := deletiontest.Start(deletiontest.Options{AdmissionPlugins: []string{"NoSuchPlugin"}})
	if err == nil {
		_ = e.Stop()
		t.Fatal("Start with an unknown admission plugin succeeded")
	}
	if !strings.Contains(err.Error(), "NoSuchPlugin") || !strings.Contains(err.Error(), "is unknown") {
		t.Fatalf("Start with an unknown admission plugin: %v, want kube-apiserver's reason", err)
	}
}
