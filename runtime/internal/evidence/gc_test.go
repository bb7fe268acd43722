// Package evidence_test records what a real API server and the garbage
// collector of a real kube-controller-manager do, as evidence behind the
// rules' messages and scope. gc_test.go: what the collector does with a
// dependent whose controller reference has or lacks blockOwnerDeletion when
// its owner is deleted in the foreground (blockownerdeletion's doc.go,
// "Children that cannot hold deletion up"). generation_test.go: which child
// edits bump metadata.generation (driftgate's event-filter message).
package evidence_test

import (
	"context"
	"os"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/uuid"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) {
	os.Exit(testenv.Run(m, testenv.Options{GarbageCollector: true}, &env))
}

const hold = "test.deletionlint.dev/hold"

// setup creates an owner ConfigMap and a Secret it controls, with or
// without blockOwnerDeletion and with or without a finalizer of its own.
func setup(t *testing.T, block bool, finalizer bool) (*corev1.ConfigMap, *corev1.Secret) {
	t.Helper()
	ctx := context.Background()
	ns := env.Namespace(t)
	owner := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "owner"}}
	if err := env.Client.Create(ctx, owner); err != nil {
		t.Fatal(err)
	}
	ref := metav1.OwnerReference{APIVersion: "v1", Kind: "ConfigMap", Name: owner.Name, UID: owner.UID, Controller: ptr.To(true)}
	if block {
		ref.BlockOwnerDeletion = ptr.To(true)
	}
	child := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "child", OwnerReferences: []metav1.OwnerReference{ref}}}
	if finalizer {
		child.Finalizers = []string{hold}
	}
	if err := env.Client.Create(ctx, child); err != nil {
		t.Fatal(err)
	}
	seen(t, ns)
	return owner, child
}

// seen waits until the garbage collector knows the Secrets created in ns
// so far. The collector learns of objects through one watch per resource
// and takes each watch's events in order; an owner's deletion and its
// child's creation come through two watches, so an owner deleted at once
// can reach it first, find no dependents to wait for and go (a race of
// the test, not what the collector does with a child it knows). A Secret
// created after the child whose owner does not exist is deleted by the
// collector only after it has taken the child's creation.
func seen(t *testing.T, ns string) {
	t.Helper()
	ctx := context.Background()
	absent := metav1.OwnerReference{APIVersion: "v1", Kind: "ConfigMap", Name: "absent", UID: uuid.NewUUID()}
	marker := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, GenerateName: "seen-", OwnerReferences: []metav1.OwnerReference{absent}}}
	if err := env.Client.Create(ctx, marker); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, 30*time.Second, "a Secret with an absent owner deleted by the collector", func() (bool, error) { return env.Gone(ctx, marker) })
}

func deleteForeground(t *testing.T, obj client.Object) {
	t.Helper()
	if err := env.Client.Delete(context.Background(), obj, client.PropagationPolicy(metav1.DeletePropagationForeground)); err != nil {
		t.Fatal(err)
	}
}

func release(t *testing.T, child *corev1.Secret) {
	t.Helper()
	ctx := context.Background()
	if err := env.Client.Get(ctx, client.ObjectKeyFromObject(child), child); err != nil {
		t.Fatal(err)
	}
	child.Finalizers = nil
	if err := env.Client.Update(ctx, child); err != nil {
		t.Fatal(err)
	}
}

func deleting(ctx context.Context, obj client.Object) (bool, error) {
	if err := env.Client.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return false, err
	}
	return obj.GetDeletionTimestamp() != nil, nil
}

// TestNonBlockingChildWithFinalizer: the owner is gone while the child,
// deleted by the collector too, still waits on its finalizer.
func TestNonBlockingChildWithFinalizer(t *testing.T) {
	ctx := context.Background()
	owner, child := setup(t, false, true)
	deleteForeground(t, owner)
	testenv.Eventually(t, 30*time.Second, "owner gone before its held child", func() (bool, error) { return env.Gone(ctx, owner) })
	testenv.Eventually(t, 30*time.Second, "child deleted by the collector", func() (bool, error) { return deleting(ctx, child) })
	release(t, child)
	testenv.Eventually(t, 30*time.Second, "child gone", func() (bool, error) { return env.Gone(ctx, child) })
}

// TestBlockingChildWithFinalizer: the owner waits, with the
// foregroundDeletion finalizer, until the child's finalizer is removed.
func TestBlockingChildWithFinalizer(t *testing.T) {
	ctx := context.Background()
	owner, child := setup(t, true, true)
	deleteForeground(t, owner)
	testenv.Eventually(t, 30*time.Second, "child deleted by the collector", func() (bool, error) { return deleting(ctx, child) })
	time.Sleep(3 * time.Second)
	if gone, _ := env.Gone(ctx, owner); gone {
		t.Fatal("owner gone while a blocking child was held by its finalizer")
	}
	release(t, child)
	testenv.Eventually(t, 30*time.Second, "child gone", func() (bool, error) { return env.Gone(ctx, child) })
	testenv.Eventually(t, 30*time.Second, "owner gone after its child", func() (bool, error) { return env.Gone(ctx, owner) })
}

// TestNonBlockingChildWithoutFinalizer: a Secret with no finalizer of its
// own is deleted by the collector with or without the flag; only the order
// of the two deletions can differ.
func TestNonBlockingChildWithoutFinalizer(t *testing.T) {
	ctx := context.Background()
	for _, block := range []bool{false, true} {
		owner, child := setup(t, block, false)
		deleteForeground(t, owner)
		testenv.Eventually(t, 30*time.Second, "owner gone", func() (bool, error) { return env.Gone(ctx, owner) })
		testenv.Eventually(t, 30*time.Second, "child gone", func() (bool, error) { return env.Gone(ctx, child) })
	}
}
