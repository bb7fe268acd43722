package scenarios_test

import (
	"context"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/deletiontest"

	"github.com/deletionlint/deletionlint/examples/buggy/controller/direct"
	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
)

// orphanTimeout is how long OrphanDeletion waits for the dependencies and
// then for the object to be gone.
const orphanTimeout = 15 * time.Second

// createBucket creates a Bucket and waits until the operator has created it
// in the cloud and has nothing left to do.
func createBucket(t *testing.T, op *operator, name string) *hostingv1alpha1.Bucket {
	t.Helper()
	bucket := &hostingv1alpha1.Bucket{ObjectMeta: metav1.ObjectMeta{Name: name}, Spec: hostingv1alpha1.BucketSpec{Location: "eu-west"}}
	op.create(t, bucket)
	op.settle(t, "Bucket "+name+" created in the cloud", func(ctx context.Context) (bool, error) {
		err := env.Client.Get(ctx, client.ObjectKeyFromObject(bucket), bucket)
		return err == nil && bucket.Status.ExternalRef != "", err
	})
	return bucket
}

func newPolicy(bucket string) *hostingv1alpha1.BucketPolicy {
	return &hostingv1alpha1.BucketPolicy{
		ObjectMeta: metav1.ObjectMeta{Name: bucket + "-public"},
		Spec:       hostingv1alpha1.BucketPolicySpec{BucketRef: hostingv1alpha1.BucketRef{Name: bucket}, PublicRead: true},
	}
}

// policyStuck is what OrphanDeletion reports when the BucketPolicy of
// newPolicy("assets") keeps its finalizer.
func policyStuck(ns string) []string {
	return []string{
		"orphan deletion: BucketPolicy " + ns + "/assets-public not gone within 15s after its dependencies were deleted",
		"BucketPolicy " + ns + "/assets-public still exists, deleting since",
		`finalizers ["` + direct.Finalizer + `"]`,
	}
}

// TestOrphanDeletionBucketPolicy deletes a Bucket, then its BucketPolicy.
// adapterdeletion reports buggy/controller/direct/bucketpolicy/bucketpolicy.go
// (AdapterForObject resolves spec.bucketRef before looking at deletion) and
// buggy/controller/direct/reconciler.go (a missing dependency is retried
// without looking at deletion), and finalizerblock reports that retry, taken
// while deleting: the buggy operator can never build the policy's adapter
// again, so the policy keeps its finalizer. The fixed operator builds the
// adapter from status.externalRef while deleting (deletion.BuildAdapter) and
// releases the finalizer.
//
// The example's cloud refuses to delete a bucket that still has a policy, so
// a Bucket can be gone before its BucketPolicy only when the policy has left
// the cloud first: the test removes it there by hand, as someone could in a
// cloud console. Without that, deleting the Bucket first leaves it stuck in
// both operators, waiting for the policy.
func TestOrphanDeletionBucketPolicy(t *testing.T) {
	forEachTwin(t, func(t *testing.T, op *operator) {
		ctx := context.Background()
		bucket := createBucket(t, op, "assets")
		policy := newPolicy("assets")
		op.create(t, policy)
		op.settle(t, "BucketPolicy created in the cloud", func(ctx context.Context) (bool, error) {
			err := env.Client.Get(ctx, client.ObjectKeyFromObject(policy), policy)
			return err == nil && policy.Status.ExternalRef != "" && hasFinalizer(policy, direct.Finalizer), err
		})
		t.Cleanup(func() { release(t, policy) })
		if err := op.cloud.DeleteBucketPolicy(ctx, policy.Status.ExternalRef); err != nil {
			t.Fatal(err)
		}

		msg := deletiontest.Catch(func(tb deletiontest.TB) { env.OrphanDeletion(tb, policy, []client.Object{bucket}, orphanTimeout) })
		if !op.buggy {
			passes(t, "OrphanDeletion of the BucketPolicy", msg)
			passes(t, "NoLeaks", deletiontest.Catch(func(tb deletiontest.TB) { noLeaks(tb, op.cloud) }))
			return
		}
		fails(t, "OrphanDeletion of the BucketPolicy", msg, policyStuck(op.ns)...)
	})
}

// TestOrphanDeletionBucketPolicyNeverCreated is TestOrphanDeletionBucketPolicy
// for a policy that got its finalizer but never its cloud policy: its bucket
// was deleted in the cloud, by hand, before the policy was created, so
// creating the cloud policy fails, and the Bucket can be deleted. While
// deleting, the fixed operator cannot build the adapter from
// status.externalRef either (there is none), and it is the generic
// reconciler's fix for adapterdeletion's and finalizerblock's findings in
// buggy/controller/direct/reconciler.go that releases the finalizer: the
// dependency is gone, so there is nothing left to delete.
func TestOrphanDeletionBucketPolicyNeverCreated(t *testing.T) {
	forEachTwin(t, func(t *testing.T, op *operator) {
		bucket := createBucket(t, op, "assets")
		if err := op.cloud.DeleteBucket(context.Background(), bucket.Status.ExternalRef); err != nil {
			t.Fatal(err)
		}
		policy := newPolicy("assets")
		op.create(t, policy)
		eventually(t, 60*time.Second, "BucketPolicy has its finalizer", func() (bool, error) {
			err := env.Client.Get(context.Background(), client.ObjectKeyFromObject(policy), policy)
			return err == nil && hasFinalizer(policy, direct.Finalizer), err
		})
		t.Cleanup(func() { release(t, policy) })

		msg := deletiontest.Catch(func(tb deletiontest.TB) { env.OrphanDeletion(tb, policy, []client.Object{bucket}, orphanTimeout) })
		if !op.buggy {
			passes(t, "OrphanDeletion of the BucketPolicy", msg)
			passes(t, "NoLeaks", deletiontest.Catch(func(tb deletiontest.TB) { noLeaks(tb, op.cloud) }))
			return
		}
		fails(t, "OrphanDeletion of the BucketPolicy", msg, policyStuck(op.ns)...)
	})
}

// TestOrphanDeletionRoute deletes a Website, then a Route of that Website.
// ownerbyref reports buggy/controller/route_controller.go's lookup of the
// Website by the Route's label instead of its owner reference, and
// finalizerblock the wait for that Website, before the deletion branch: the
// buggy operator holds the Route, and its DNS record leaks. The fixed
// operator runs the finalizer first (its cleanup needs no Website) and
// releases both.
//
// The Route is a second Route of the Website, for another hostname, with the
// Website's label and a (non-controller) owner reference, as a user would
// create it: the Website's own Route is deleted by the Website's controller
// while the Website still exists. The Website is deleted with orphan
// propagation, so that the garbage collector does not delete the Route at a
// moment of its choosing, and the test waits until the operator's cache no
// longer has it: the Route's deletion is then seen after the Website's.
func TestOrphanDeletionRoute(t *testing.T) {
	forEachTwin(t, func(t *testing.T, op *operator) {
		ctx := context.Background()
		site := rollOut(t, op, "site")
		alias := &hostingv1alpha1.Route{
			ObjectMeta: metav1.ObjectMeta{
				Name:   "site-alias",
				Labels: map[string]string{hostingv1alpha1.WebsiteLabel: site.Name},
				OwnerReferences: []metav1.OwnerReference{{
					APIVersion: hostingv1alpha1.GroupVersion.String(), Kind: "Website", Name: site.Name, UID: site.UID,
					BlockOwnerDeletion: ptr.To(true),
				}},
			},
			Spec: hostingv1alpha1.RouteSpec{Hostname: "www.site.example.com", ServiceName: site.Name},
		}
		op.create(t, alias)
		eventually(t, 60*time.Second, "second Route published", func() (bool, error) {
			err := env.Client.Get(ctx, client.ObjectKeyFromObject(alias), alias)
			return err == nil && alias.Status.RecordID != "", err
		})
		t.Cleanup(func() { release(t, alias, children(site)[2]) })

		if err := env.Client.Delete(ctx, site, client.PropagationPolicy(metav1.DeletePropagationOrphan)); err != nil {
			t.Fatal(err)
		}
		eventually(t, 60*time.Second, "Website gone from the operator's cache", func() (bool, error) {
			err := op.cached.Get(ctx, client.ObjectKeyFromObject(site), &hostingv1alpha1.Website{})
			return apierrors.IsNotFound(err), client.IgnoreNotFound(err)
		})

		msg := deletiontest.Catch(func(tb deletiontest.TB) { env.OrphanDeletion(tb, alias, []client.Object{site}, orphanTimeout) })
		leaks := deletiontest.Catch(func(tb deletiontest.TB) { noLeaks(tb, op.cloud) })
		if !op.buggy {
			passes(t, "OrphanDeletion of the Route", msg)
			passes(t, "NoLeaks", leaks)
			return
		}
		fails(t, "OrphanDeletion of the Route", msg,
			"orphan deletion: Route "+op.ns+"/site-alias not gone within 15s after its dependencies were deleted",
			"Route "+op.ns+"/site-alias still exists, deleting since",
			`finalizers ["`+hostingv1alpha1.RouteFinalizer+`"]`)
		// The Website's own Route may leak its record too, or not: the
		// buggy Website controller deletes it and goes without waiting, so
		// it depends on which the Route controller sees first.
		fails(t, "NoLeaks", leaks, "external resource(s) not deleted", "(records/www.site.example.com)")
	})
}
