package scenarios_test

import (
	"context"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/deletiontest"
)

// slowCleanup is the finalizer of a stand-in for another controller that
// needs a while to clean up after a Service (a cloud load balancer's
// controller, for instance).
const slowCleanup = "test.deletionlint.dev/slow-cleanup"

// cleanupTime is how long that controller takes once the Service is being
// deleted: far longer than the buggy operator's teardown of a Website
// without it.
const cleanupTime = 10 * time.Second

// holdDeletion puts slowCleanup on obj and removes it cleanupTime after
// obj's deletion has begun.
func holdDeletion(t *testing.T, obj client.Object) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cur := obj.DeepCopyObject().(client.Object)
	eventually(t, 30*time.Second, "finalizer "+slowCleanup+" added", func() (bool, error) {
		if err := env.Client.Get(ctx, client.ObjectKeyFromObject(obj), cur); err != nil {
			return false, err
		}
		cur.SetFinalizers(append(cur.GetFinalizers(), slowCleanup))
		err := env.Client.Update(ctx, cur)
		return err == nil, err
	})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var since time.Time
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(100 * time.Millisecond):
			}
			if err := env.Client.Get(ctx, client.ObjectKeyFromObject(obj), cur); err != nil || cur.GetDeletionTimestamp() == nil {
				continue
			}
			if since.IsZero() {
				since = time.Now()
			}
			if time.Since(since) >= cleanupTime {
				patch := client.RawPatch("application/merge-patch+json", []byte(`{"metadata":{"finalizers":null}}`))
				if env.Client.Patch(ctx, cur, patch) == nil {
					return
				}
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		release(t, obj)
	})
}

// TestForegroundCascadeWebsite deletes a Website in the foreground while its
// Service takes a while to clean up. blockownerdeletion reports the owner
// reference the buggy operator writes on the Service
// (buggy/controller/website_controller.go), a literal without
// BlockOwnerDeletion: the garbage collector does not wait for the Service,
// and the Website goes first. The fixed operator's reference
// (ownership.EnsureChild) blocks, and the Website goes last.
//
// The kit reports the buggy operator one of two ways, depending on whether
// its Website controller has released its own finalizer when the garbage
// collector lets go: the Website gone before the Service, or the Website
// without the foregroundDeletion finalizer while a dependent remains.
//
// foregrounddeletion's findings in buggy/ (the Deployment deleted with the
// default propagation, the Route deleted without waiting for it to be gone)
// do not fail this scenario: the Deployment and the Route carry
// blockOwnerDeletion in both operators, so the garbage collector holds the
// foreground-deleted Website until they are gone, which is the very wait
// the buggy controller omits. The Route's DNS record is released in both
// operators, as NoLeaks shows. In a background deletion the bug shows only
// by chance: the Route's record leaks when the Route controller looks for
// the Website after it is gone from its cache, a race the kit's scenarios
// cannot make deterministic.
func TestForegroundCascadeWebsite(t *testing.T) {
	forEachTwin(t, func(t *testing.T, op *operator) {
		site := rollOut(t, op, "site")
		deps := children(site)
		svc := live(t, deps[1].(*corev1.Service))
		blocks := ptr.Deref(metav1.GetControllerOfNoCopy(svc).BlockOwnerDeletion, false)
		if blocks == op.buggy {
			t.Fatalf("the %s operator's Service has blockOwnerDeletion %v", op.name, blocks)
		}
		holdDeletion(t, svc)
		op.settle(t, "Service held", func(ctx context.Context) (bool, error) {
			err := op.cached.Get(ctx, client.ObjectKeyFromObject(svc), svc)
			return err == nil && hasFinalizer(svc, slowCleanup), err
		})

		msg := deletiontest.Catch(func(tb deletiontest.TB) { env.ForegroundCascade(tb, site, deps, time.Minute) })
		leaks := deletiontest.Catch(func(tb deletiontest.TB) { noLeaks(tb, op.cloud) })
		passes(t, "NoLeaks", leaks)
		if !op.buggy {
			passes(t, "ForegroundCascade of the Website", msg)
			return
		}
		if strings.Contains(msg, "gone before its dependents") {
			fails(t, "ForegroundCascade of the Website", msg,
				"foreground cascade: Website "+op.ns+"/site gone before its dependents",
				"Service "+op.ns+"/site still exists, deleting since",
				`finalizers ["`+slowCleanup+`"]`,
				"owner Website site (uid "+string(site.UID)+", blockOwnerDeletion false)")
			for _, kind := range []string{"Deployment", "Route"} {
				if strings.Contains(msg, kind+" "+op.ns+"/site") {
					t.Errorf("the %s is left too; only the Service should be", kind)
				}
			}
			return
		}
		fails(t, "ForegroundCascade of the Website", msg,
			"foreground cascade: Website "+op.ns+"/site does not hold the "+metav1.FinalizerDeleteDependents+" finalizer while dependents remain",
			"Website "+op.ns+"/site still exists, deleting since")
	})
}
