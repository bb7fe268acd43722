package finalizer_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	"github.com/deletionlint/deletionlint/runtime/deletion"
	"github.com/deletionlint/deletionlint/runtime/finalizer"
	"github.com/deletionlint/deletionlint/runtime/internal/cloud"
	"github.com/deletionlint/deletionlint/runtime/internal/testapi"
	"github.com/deletionlint/deletionlint/runtime/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) {
	os.Exit(testenv.Run(m, testenv.Options{}, &env))
}

func TestAddRemoveIdempotent(t *testing.T) {
	ctx := context.Background()
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "idem", Namespace: env.Namespace(t)}}
	if err := env.Client.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := finalizer.Add(ctx, env.Client, cm, "test.deletionlint.dev/a"); err != nil {
			t.Fatalf("Add: %v", err)
		}
	}
	stored := &corev1.ConfigMap{}
	if err := env.Client.Get(ctx, client.ObjectKeyFromObject(cm), stored); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(stored.Finalizers, []string{"test.deletionlint.dev/a"}) {
		t.Fatalf("finalizers after two Adds = %v, want exactly one", stored.Finalizers)
	}
	if err := env.Client.Delete(ctx, cm); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := finalizer.Remove(ctx, env.Client, stored, "test.deletionlint.dev/a"); err != nil {
			t.Fatalf("Remove: %v", err)
		}
	}
	testenv.Eventually(t, 10*time.Second, "object gone after its only finalizer was removed", func() (bool, error) {
		return env.Gone(ctx, cm)
	})
	// Removing from an object that is gone is not an error.
	stale := stored.DeepCopy()
	stale.Finalizers = []string{"test.deletionlint.dev/a"}
	if err := finalizer.Remove(ctx, env.Client, stale, "test.deletionlint.dev/a"); err != nil {
		t.Fatalf("Remove on a gone object: %v", err)
	}
}

// TestFailedPatchKeepsFinalizers makes the real API server's client fail
// every patch (an interceptor, not a fake: reads still reach the server): a
// failed Add or Remove leaves obj's finalizers as last read, so that calling
// it again with obj retries the write instead of returning at once.
func TestFailedPatchKeepsFinalizers(t *testing.T) {
	ctx := context.Background()
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "unpatched", Namespace: env.Namespace(t), Finalizers: []string{"test.deletionlint.dev/a"}}}
	if err := env.Client.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	direct, err := client.NewWithWatch(env.Config, client.Options{Scheme: env.Scheme})
	if err != nil {
		t.Fatal(err)
	}
	failing := interceptor.NewClient(direct, interceptor.Funcs{
		Patch: func(context.Context, client.WithWatch, client.Object, client.Patch, ...client.PatchOption) error {
			return apierrors.NewServerTimeout(corev1.Resource("configmaps"), "patch", 1)
		},
	})
	if err := finalizer.Remove(ctx, failing, cm, "test.deletionlint.dev/a"); err == nil {
		t.Fatal("Remove through a failing client: no error")
	}
	if err := finalizer.Add(ctx, failing, cm, "test.deletionlint.dev/b"); err == nil {
		t.Fatal("Add through a failing client: no error")
	}
	if want := []string{"test.deletionlint.dev/a"}; !slices.Equal(cm.Finalizers, want) {
		t.Fatalf("after failed writes obj has finalizers %v, want %v as last read", cm.Finalizers, want)
	}
	// The same obj, now through the working client, does the write.
	if err := finalizer.Remove(ctx, env.Client, cm, "test.deletionlint.dev/a"); err != nil {
		t.Fatal(err)
	}
	var got corev1.ConfigMap
	if err := env.Client.Get(ctx, client.ObjectKeyFromObject(cm), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Finalizers) != 0 {
		t.Errorf("Remove retried with obj: server has finalizers %v, want none", got.Finalizers)
	}
}

// TestConcurrentRemovalWithConflictingUpdates removes finalizers from stale
// copies while other writers add finalizers and labels: every removal, every
// added finalizer and every label must be in the final object.
//
// The helpers retry a conflict a bounded number of times and then return it,
// so that the controller requeues. With eighteen writers on one object a slow
// apiserver can exhaust those retries; each writer here therefore repeats its
// call on a returned conflict, as a requeue would. What the test checks is
// that no update is lost, not how many rounds the contention takes.
func TestConcurrentRemovalWithConflictingUpdates(t *testing.T) {
	ctx := context.Background()
	const writers = 6
	var initial []string
	for i := range writers {
		initial = append(initial, fmt.Sprintf("test.deletionlint.dev/old-%d", i))
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "contended", Namespace: env.Namespace(t), Finalizers: initial}}
	if err := env.Client.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}

	var wg sync.WaitGroup
	errs := make(chan error, 3*writers)
	for i := range writers {
		// Each writer starts from the same, soon stale, copy.
		stale := cm.DeepCopy()
		wg.Go(func() {
			if err := requeueOnConflict(func() error { return finalizer.Remove(ctx, env.Client, stale, initial[i]) }); err != nil {
				errs <- err
			}
		})
		fresh := cm.DeepCopy()
		wg.Go(func() {
			if err := requeueOnConflict(func() error {
				return finalizer.Add(ctx, env.Client, fresh, fmt.Sprintf("test.deletionlint.dev/new-%d", i))
			}); err != nil {
				errs <- err
			}
		})
		wg.Go(func() {
			err := requeueOnConflict(func() error {
				return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
					var cur corev1.ConfigMap
					if err := env.Client.Get(ctx, client.ObjectKeyFromObject(cm), &cur); err != nil {
						return err
					}
					if cur.Labels == nil {
						cur.Labels = map[string]string{}
					}
					cur.Labels[fmt.Sprintf("writer-%d", i)] = "done"
					return env.Client.Update(ctx, &cur)
				})
			})
			if err != nil {
				errs <- fmt.Errorf("label update %d: %w", i, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	var got corev1.ConfigMap
	if err := env.Client.Get(ctx, client.ObjectKeyFromObject(cm), &got); err != nil {
		t.Fatal(err)
	}
	var want []string
	for i := range writers {
		want = append(want, fmt.Sprintf("test.deletionlint.dev/new-%d", i))
		if got.Labels[fmt.Sprintf("writer-%d", i)] != "done" {
			t.Errorf("label writer-%d lost; labels = %v", i, got.Labels)
		}
	}
	if !slices.Equal(slices.Sorted(slices.Values(got.Finalizers)), want) {
		t.Errorf("finalizers = %v, want exactly %v (every old one removed, every new one kept)", got.Finalizers, want)
	}

	// Release the rest concurrently during deletion: the object goes away.
	if err := env.Client.Delete(ctx, &got); err != nil {
		t.Fatal(err)
	}
	for _, name := range want {
		stale := got.DeepCopy()
		wg.Go(func() {
			if err := requeueOnConflict(func() error { return finalizer.Remove(ctx, env.Client, stale, name) }); err != nil {
				t.Errorf("remove %s while deleting: %v", name, err)
			}
		})
	}
	wg.Wait()
	testenv.Eventually(t, 10*time.Second, "object gone after all finalizers removed", func() (bool, error) {
		return env.Gone(ctx, cm)
	})
}

// requeueOnConflict calls op again while it returns a conflict, for at most a
// minute: what a controller's requeue does with a conflict a helper returns.
func requeueOnConflict(op func() error) error {
	deadline := time.Now().Add(time.Minute)
	for {
		err := op()
		if !apierrors.IsConflict(err) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestRunner(t *testing.T) {
	ctx := context.Background()
	ns := env.Namespace(t)
	const name = "test.deletionlint.dev/external"
	fake := cloud.New()

	cases := []struct {
		name        string
		cleanup     func(w *testapi.Widget) error
		wantRemoved bool
		wantErr     bool
		wantRequeue bool
	}{
		{name: "cleanup succeeds", cleanup: func(w *testapi.Widget) error { return fake.Delete(w.Status.ExternalRef) }, wantRemoved: true},
		{name: "dependency gone", cleanup: func(w *testapi.Widget) error {
			return deletion.NewDependencyNotFound("Widget", w.Namespace, w.Spec.Parent, errors.New("parent deleted"))
		}, wantRemoved: true},
		{name: "cleanup fails", cleanup: func(*testapi.Widget) error { return errors.New("cloud unavailable") }, wantErr: true},
		{name: "cleanup pending", cleanup: func(*testapi.Widget) error { return finalizer.Requeue(3*time.Second, "dependents") }, wantRequeue: true},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("w%d", i), Namespace: ns}, Spec: testapi.WidgetSpec{Parent: "p"}}
			if err := env.Client.Create(ctx, w); err != nil {
				t.Fatal(err)
			}
			w.Status.ExternalRef = fake.Create(fmt.Sprint(i, w.ResourceVersion), "x")
			runner := finalizer.Runner{Client: env.Client, Name: name, Cleanup: func(ctx context.Context, obj client.Object) error {
				return tc.cleanup(obj.(*testapi.Widget))
			}}
			if _, err := runner.Reconcile(ctx, w); err != nil {
				t.Fatalf("Reconcile live: %v", err)
			}
			if !slices.Contains(w.Finalizers, name) {
				t.Fatalf("finalizer not added to live object: %v", w.Finalizers)
			}
			if err := env.Client.Delete(ctx, w); err != nil {
				t.Fatal(err)
			}
			if err := env.Client.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
				t.Fatal(err)
			}
			w.Status.ExternalRef = fake.Create(fmt.Sprint(i, w.ResourceVersion), "x")
			res, err := runner.Reconcile(ctx, w)
			if (err != nil) != tc.wantErr {
				t.Fatalf("Reconcile deleting: err = %v, want error %v", err, tc.wantErr)
			}
			if (res.RequeueAfter > 0) != tc.wantRequeue {
				t.Errorf("RequeueAfter = %s, want requeue %v", res.RequeueAfter, tc.wantRequeue)
			}
			gone, _ := env.Gone(ctx, w)
			if gone != tc.wantRemoved {
				t.Errorf("object gone = %v, want %v", gone, tc.wantRemoved)
			}
			if !tc.wantRemoved {
				// Leave nothing behind: release it by hand.
				if err := finalizer.Remove(ctx, env.Client, w, name); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
