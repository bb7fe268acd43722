package cascade_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/cascade"
	"github.com/deletionlint/deletionlint/runtime/finalizer"
	"github.com/deletionlint/deletionlint/runtime/internal/testapi"
	"github.com/deletionlint/deletionlint/runtime/internal/testenv"
	"github.com/deletionlint/deletionlint/runtime/ownership"
)

var env *testenv.Env

func TestMain(m *testing.M) {
	os.Exit(testenv.Run(m, testenv.Options{GarbageCollector: true}, &env))
}

const hold = "test.deletionlint.dev/hold"

// tree is root Widget -> mid Widget -> leaf ConfigMap, each a controller
// reference with blockOwnerDeletion; the leaf carries its own finalizer.
type tree struct {
	root, mid *testapi.Widget
	leaf      *corev1.ConfigMap
}

func newTree(t *testing.T) tree {
	t.Helper()
	ctx := context.Background()
	ns := env.Namespace(t)
	root := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Name: "root", Namespace: ns}}
	if err := env.Client.Create(ctx, root); err != nil {
		t.Fatal(err)
	}
	mid := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Name: "mid", Namespace: ns}}
	if err := ownership.SetControllerReference(root, mid, env.Scheme); err != nil {
		t.Fatal(err)
	}
	if err := env.Client.Create(ctx, mid); err != nil {
		t.Fatal(err)
	}
	leaf := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "leaf", Namespace: ns, Finalizers: []string{hold}}}
	if err := ownership.SetControllerReference(mid, leaf, env.Scheme); err != nil {
		t.Fatal(err)
	}
	if err := env.Client.Create(ctx, leaf); err != nil {
		t.Fatal(err)
	}
	return tree{root: root, mid: mid, leaf: leaf}
}

// presence reports which of the tree's objects still exist.
func (tr tree) presence(t *testing.T) (root, mid, leaf bool) {
	t.Helper()
	exists := func(o client.Object) bool {
		into := o.DeepCopyObject().(client.Object)
		err := env.Client.Get(context.Background(), client.ObjectKeyFromObject(o), into)
		if err != nil && !apierrors.IsNotFound(err) {
			t.Fatalf("get %s: %v", o.GetName(), err)
		}
		return err == nil
	}
	return exists(tr.root), exists(tr.mid), exists(tr.leaf)
}

func TestForegroundThreeLevelTree(t *testing.T) {
	ctx := context.Background()
	tr := newTree(t)
	dependents := []client.ObjectList{&testapi.WidgetList{}, &corev1.ConfigMapList{}}

	// The leaf holds the whole tree through its own finalizer: reported, not
	// hidden, and nothing is gone early.
	var stuck *cascade.StuckError
	testenv.Eventually(t, 30*time.Second, "leaf reported stuck on its finalizer", func() (bool, error) {
		gone, err := cascade.DeleteAndWaitFor(ctx, env.Client, tr.root, metav1.DeletePropagationForeground, dependents...)
		if gone {
			t.Fatal("tree reported gone while the leaf holds a finalizer")
		}
		return errors.As(err, &stuck) && stuck.Object.GetName() == "leaf", err
	})
	if stuck.Kind != "ConfigMap" || !slices.Equal(stuck.Finalizers, []string{hold}) || stuck.Since.IsZero() {
		t.Errorf("StuckError = %+v, want ConfigMap leaf waiting on [%s]", stuck, hold)
	}
	if root, mid, leaf := tr.presence(t); !root || !mid || !leaf {
		t.Fatalf("while the leaf is held: root %v, mid %v, leaf %v exist; want all", root, mid, leaf)
	}

	// Release the leaf; dependents must go before their owners.
	var leaf corev1.ConfigMap
	if err := env.Client.Get(ctx, client.ObjectKeyFromObject(tr.leaf), &leaf); err != nil {
		t.Fatal(err)
	}
	if err := finalizer.Remove(ctx, env.Client, &leaf, hold); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, 30*time.Second, "tree gone after the leaf was released", func() (bool, error) {
		root, mid, leaf := tr.presence(t)
		if (!root && (mid || leaf)) || (!mid && leaf) {
			t.Fatalf("owner gone before its dependents: root %v, mid %v, leaf %v exist", root, mid, leaf)
		}
		return cascade.DeleteAndWaitFor(ctx, env.Client, tr.root, metav1.DeletePropagationForeground, dependents...)
	})
	if root, mid, leaf := tr.presence(t); root || mid || leaf {
		t.Errorf("after gone: root %v, mid %v, leaf %v exist", root, mid, leaf)
	}
}

func TestBackgroundStuckObject(t *testing.T) {
	ctx := context.Background()
	tr := newTree(t)
	// Background: the root goes at once, the garbage collector deletes the
	// rest afterwards.
	testenv.Eventually(t, 10*time.Second, "root gone after a background delete", func() (bool, error) {
		return cascade.DeleteAndWait(ctx, env.Client, tr.root, metav1.DeletePropagationBackground)
	})
	// The leaf, deleted by the garbage collector, waits on its own finalizer.
	var stuck *cascade.StuckError
	testenv.Eventually(t, 30*time.Second, "leaf reports itself stuck", func() (bool, error) {
		gone, err := cascade.DeleteAndWait(ctx, env.Client, tr.leaf, metav1.DeletePropagationBackground)
		if gone {
			t.Fatal("leaf reported gone while it holds a finalizer")
		}
		return errors.As(err, &stuck), err
	})
	if stuck.Object.GetUID() != tr.leaf.UID || !slices.Equal(stuck.Finalizers, []string{hold}) {
		t.Errorf("StuckError = %v, want the leaf waiting on %s", stuck, hold)
	}
	var leaf corev1.ConfigMap
	if err := env.Client.Get(ctx, client.ObjectKeyFromObject(tr.leaf), &leaf); err != nil {
		t.Fatal(err)
	}
	if err := finalizer.Remove(ctx, env.Client, &leaf, hold); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, 10*time.Second, "leaf gone once released", func() (bool, error) {
		return cascade.DeleteAndWait(ctx, env.Client, tr.leaf, metav1.DeletePropagationBackground)
	})
	testenv.Eventually(t, 10*time.Second, "mid deleted by the garbage collector after its owner", func() (bool, error) {
		_, mid, _ := tr.presence(t)
		return !mid, nil
	})
}

func TestDeleteAndWaitEdges(t *testing.T) {
	ctx := context.Background()
	ns := env.Namespace(t)
	missing := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "never", Namespace: ns}}
	if gone, err := cascade.DeleteAndWait(ctx, env.Client, missing, metav1.DeletePropagationForeground); !gone || err != nil {
		t.Errorf("missing object: %v, %v; want gone", gone, err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "plain", Namespace: ns}}
	if err := env.Client.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	if _, err := cascade.DeleteAndWait(ctx, env.Client, cm, ""); err == nil {
		t.Error("empty propagation policy accepted")
	}
	if gone, err := cascade.DeleteAndWait(ctx, env.Client, cm, metav1.DeletePropagationForeground); err != nil {
		t.Fatal(err)
	} else if !gone {
		testenv.Eventually(t, 20*time.Second, "object without dependents gone", func() (bool, error) {
			return cascade.DeleteAndWait(ctx, env.Client, cm, metav1.DeletePropagationForeground)
		})
	}
	// A new object under the same name is not the one we deleted.
	again := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "plain", Namespace: ns}}
	if err := env.Client.Create(ctx, again); err != nil {
		t.Fatal(err)
	}
	if gone, err := cascade.DeleteAndWait(ctx, env.Client, cm, metav1.DeletePropagationForeground); !gone || err != nil {
		t.Errorf("recreated object: %v, %v; want the old one reported gone", gone, err)
	}
	if gone, _ := env.Gone(ctx, again); gone {
		t.Error("the recreated object was deleted")
	}
}
