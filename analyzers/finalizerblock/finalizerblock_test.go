package finalizerblock_test

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/finalizerblock"
	"github.com/deletionlint/deletionlint/analyzers/internal/configtest"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

func TestOwnerLookupBeforeDeletion(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/ownerfirst")
}

func TestLookupInDeletionHelpers(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/deletehelper")
}

func TestGuardedLookups(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/guarded")
}

func TestDependencyNotFound(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/dependency")
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/typedclient")
}

// TestFailureAsNoObject: a helper that answers every failure of a
// referenced read with no object and a nil error (return nil, nil) tells
// its callers the object is gone through its result.
func TestFailureAsNoObject(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/nilscope")
}

// TestOwnerKeyHelper: a key a helper finds among the object's owner
// references (key, none, err) names an object it holds a reference to, as
// a key built from its spec does.
func TestOwnerKeyHelper(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/ownerkey")
}

func TestDeadlock(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/deadlock")
}

// TestDeadlockOnListedItems: a deletion that returns while an item of a
// listing passes a test (for _, b := range books.Items { if b.Spec.X == name
// { return requeue } }) waits for some of the listed kind, and pairs with
// the other kind's wait in the same package into a deadlock; a Book that lets
// go while its Shelf is deleted makes none.
func TestDeadlockOnListedItems(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/rangewait", "finalizerblock/rangewaitok")
}

// TestDeadlockWhileDependencyDeleting: a Book that requeues while its Shelf
// is being deleted, on a path where the Book may be deleted too, waits for
// the Shelf to be gone; with a Shelf whose deletion waits for its Books,
// neither is removed. Beside a Shelf that waits for nothing, no finding.
func TestDeadlockWhileDependencyDeleting(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/deletingwait", "finalizerblock/deletingwaitok")
}

// TestDeadlockAcrossVersions: kinds compare as GroupKinds, so two
// controllers that look each other's kind up through other API versions'
// types than those they reconcile still wait for each other.
func TestDeadlockAcrossVersions(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/versions")
}

// TestUnstored: a finalizer added in memory and written back only through
// the status subresource is never stored, so nothing it guards can block;
// one stored by an Update, or by a helper that patches the object, can.
func TestUnstored(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/unstored")
}

func TestNoDeadlockWhenChildWaitsForOwnerDeleting(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/nodeadlock")
}

func TestDeadlockAcrossPackages(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/xowner")
}

func TestResolverErrorBeforeDeletion(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/resolve")
}

// TestSkipGone: a loop that skips with continue the objects a Get finds
// gone treats not-found as gone, the correct pattern.
func TestSkipGone(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/skipgone")
}

// TestRemovalBehindInterface: the deletion branch delegates to a backend
// behind an interface, implemented in another package that releases the
// finalizer; a nil-owner return before it strands the object.
func TestRemovalBehindInterface(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/backend/...")
}

// TestLookupAfterRemoval: a lookup from which no path reaches the finalizer
// removal does not strand it.
func TestLookupAfterRemoval(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/earlierremoval")
}

// TestToleratedNotFoundThenTransientError: a not-found treated as a nil
// owner, followed by another call's transient error in the deletion
// branch, is not blamed on the lookup.
func TestToleratedNotFoundThenTransientError(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/tolerated")
}

// TestDroppedLookupError: a lookup's error dropped before the deletion
// branch ends the retries for good once the owner is gone; returning it or
// requeueing does not.
func TestDroppedLookupError(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/droppederror")
}

// TestMetadataCopy: an object known only by a copy of its metadata is
// "the object" in messages, not ObjectMeta.
func TestMetadataCopy(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/metacopy")
}

// TestListedRemoval: releasing the finalizers of listed children is not
// releasing the reconciled object's own.
func TestListedRemoval(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/listedremoval")
}

// TestWaitsForSelf: a dependency whose own deletion code waits for the
// reconciled kind cannot be gone first; its lookup is not reported.
func TestWaitsForSelf(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/waitsforself", "finalizerblock/waitsforself/scoped")
}

// TestNoDeletionInSight: releasing a finalizer with no deletion test and no
// deletion branch around (a plugin, a CLI command) is not deletion code.
func TestNoDeletionInSight(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/nodeletion")
}

// TestFrameworkEntryPoints: crossplane-runtime's managed reconciler calls a
// provider's Finalizer.RemoveFinalizer and ExternalClient.Delete only while
// the managed resource is being deleted, and keeps its finalizer while they
// fail: a not-found they return strands it. A removal of a referenced
// object's finalizer is not the managed resource's.
func TestFrameworkEntryPoints(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/provider")
}

// TestGenericHandler: an operator's own reconciler calls a handler's delete
// method from its deletion branch; an implementation that returns the
// not-found of a dependency strands the finalizer, one that treats it as
// deleted does not.
func TestGenericHandler(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/handler")
}

// TestDeclaredEntryPoints: the deletion-entry-points setting declares a
// method that a framework deletionlint cannot see calls only while
// deleting.
func TestDeclaredEntryPoints(t *testing.T) {
	configtest.Apply(t, "", "deletion-entry-points: [finalizerblock/declared/fw.Cleaner.Cleanup]")
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/declared")
}

// TestPrecision: correct deletion code met in real operators (a peer's own
// Secret, the object whose finalizer is removed, a nil owner before the
// finalizer was ever added, a requeue that waits for a child) is not
// reported.
func TestPrecision(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/precision", "finalizerblock/credscope/...", "finalizerblock/peercreds/...")
}

// TestSecretCategory: a deletion stuck on a missing Secret, read one
// package down, has the category "secret" (its fix is to keep the Secret,
// which often holds the credentials the cleanup needs, and a project that
// does can lower it); one stuck on another kind keeps its own.
func TestSecretCategory(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/credscope")
	got := make(map[string]int)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			kind := "other"
			switch {
			case strings.Contains(d.Message, "referenced Secret"):
				kind = "Secret"
			case strings.Contains(d.Message, "Project"):
				kind = "Project"
			}
			got[kind+" "+d.Category]++
		}
	}
	want := map[string]int{"Secret secret": 1, "Project dependency": 2}
	if !maps.Equal(got, want) {
		t.Errorf("kinds and categories of the findings: got %v, want %v", got, want)
	}
}

// TestMixedReads: a helper that reads a few kinds is named by them; when a
// Secret is among them, the finding is in the secret category and gives
// the Secret's fix, and otherwise in the dependency category.
func TestMixedReads(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/mixedreads")
	got := make(map[string]string)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			got[strings.SplitN(d.Message, " that ", 2)[0]] = d.Category
		}
	}
	want := map[string]string{
		"when a referenced Identity or Secret": "secret",
		"when a referenced Placement or Zone":  "dependency",
	}
	if !maps.Equal(got, want) {
		t.Errorf("findings and their categories: got %v, want %v", got, want)
	}
}

// TestEmptyDelete: a deletion that lets a lookup's not-found through and
// then writes the object it did not find, made without a name (a Delete,
// an Update, another package's helper that removes its finalizer), fails
// on every retry; one that names the object first, or writes only what was
// found, does not.
func TestEmptyDelete(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/emptydelete/...")
}

// TestProtectedCategory: a Secret the controller keeps with a finalizer of
// its own (held through another package's helper, released in its
// deletion) can be missing only if it was deleted before it was held: the
// finding says so, in the category "protected"; a controller that holds it
// and never releases it, or another controller of the package that never
// holds it, keeps the category "secret".
func TestProtectedCategory(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/heldsecret")
	got := gopathtest.Categories(results)
	want := map[string]int{"protected": 1, "secret": 2}
	if !maps.Equal(got, want) {
		t.Errorf("categories of the findings: got %v, want %v", got, want)
	}
}

// TestDeletionOrder: a kind whose deletion releases its finalizer while the
// package shows another kind's deletion needing it (also through a helper
// of another package, by its fact) is reported at the removal; listing
// those objects (through an index, by label, or by owner)
// and requeueing while any is left is not.
func TestDeletionOrder(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/order/unordered", "finalizerblock/order/helper", "finalizerblock/order/xhelper/...", "finalizerblock/order/ordered", "finalizerblock/order/presence", "finalizerblock/order/listed", "finalizerblock/order/transitive", "finalizerblock/order/unwaited", "finalizerblock/order/partial", "finalizerblock/order/staged", "finalizerblock/order/unstaged")
}

// TestDeletionOrderAcrossPackages: the two ends of a deletion order in two
// packages are paired by the first package that sees both (one imports the
// other, or a third imports both), once; a release that waits for its
// dependents is paired with nothing.
func TestDeletionOrderAcrossPackages(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/order/sibling/...")
}

// TestOwnResultType: the operator's own "stop and retry" result blocks the
// finalizer like a requeue when a dependency's not-found leads to it, and
// is a retry, not a dropped error, after any other error.
func TestOwnResultType(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/ownresult")
}

// TestVocabulary: a plain controller's finding speaks of a referenced
// object and not-found; Config Connector's words appear only where the
// code uses its typed errors.
func TestVocabulary(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/vocabulary")
}

// TestOwnStatusType: an own result type is known by its flow (a method
// turns it into a ctrl.Result), whatever its shape: a pointer whose nil
// means "done". A dependency's not-found that leads to a status that
// waits for it strands the finalizer, one treated as gone does not; after
// any other error of the lookup, a status holding the error is a retry and
// the zero status ends the retries. A struct nothing turns into a
// ctrl.Result is no retry.
func TestOwnStatusType(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/ownstatus", "finalizerblock/ownstatus/deps")
	// A finding at the caller of the helper that makes the lookup names
	// the helper's call and its lookup.
	checkRelated(t, results, "helper.go", 33, []string{
		"helper.go:32: the status of r.ensurePeer, which asks to stop",
		"helper.go:22: the lookup, whose not-found makes it ask",
		"helper.go:36: the finalizer removal",
	})
}

// TestRelatedHelperLines: a finding reported in Reconcile because the
// lookup happens in a helper names the helper's lines, down to the read.
func TestRelatedHelperLines(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/vocabulary")
	checkRelated(t, results, "kubebuilder_reference.go", 40, []string{
		"kubebuilder_reference.go:38: the lookup",
		"kubebuilder_reference.go:52: which calls r.Get",
		"kubebuilder_reference.go:44: the finalizer removal",
	})
}

// checkRelated checks the related information ("file:line: message") of
// the finding at file:line.
func checkRelated(t *testing.T, results []*analysistest.Result, file string, line int, want []string) {
	t.Helper()
	for _, r := range results {
		for _, d := range r.Diagnostics {
			pos := r.Pass.Fset.Position(d.Pos)
			if filepath.Base(pos.Filename) != file || pos.Line != line {
				continue
			}
			var got []string
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, rel.Message))
			}
			if !slices.Equal(got, want) {
				t.Errorf("related information of %s:%d:\n got %q\nwant %q", file, line, got, want)
			}
			return
		}
	}
	t.Errorf("no finding at %s:%d", file, line)
}

// TestSelfTestingHelper checks a finalizer helper that tests deletion
// itself: what its caller does before calling it is on the deletion path.
func TestSelfTestingHelper(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/selftesting")
}

// TestEmptyList checks a lookup by selector whose empty result is made
// into a not-found error by hand.
func TestEmptyList(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/emptylist")
}

// TestProtectedDependency checks a dependency whose protective finalizer
// the deletion strips: it stays a dependency.
func TestProtectedDependency(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/protecteddep")
}

// TestRetriedWhileDeleting: a lookup's error handed back for a retry (in
// place, or by a helper that returns a client Get's error as it is) keeps
// the finalizer for good in code that runs only while deleting, once the
// object looked up is gone; before the deletion test, or with not-found
// treated as gone, or for a re-read of the object itself, it does not.
func TestRetriedWhileDeleting(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/retried")
}

// TestForeignErrorsAs: errors.As to another package's concrete error type
// never matches a Kubernetes not-found, so its branch is no return taken
// when the dependency is gone, and neither does errors.As to a type of the
// package that only ever holds errors made from a message, directly or
// through a helper that is only that test; errors.As to a type the package
// wraps errors in may match.
func TestForeignErrorsAs(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/foreignerr")
}

// TestOthersFinalizer: a helper of another package that drops a finalizer
// from a Secret it finds itself releases nothing of its caller's, even when
// the caller passes it the reconciled object for another purpose.
func TestOthersFinalizer(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/claims/...")
}

// TestStaleClaim: a helper handed an object the caller read by another
// object's name (a Claim left by an earlier Volume), which releases the
// caller's hold on it once it is being deleted, removes no finalizer of
// the caller's object: the caller's lookups strand nothing. A helper
// handed the object itself does remove its finalizer.
// TestClusterDescendants: a lookup of the Cluster by the kinds it deletes
// and waits for (a MachineDeployment, a v1beta2 control plane) strands
// nothing; by a kind that only names it, it does.
func TestClusterDescendants(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/descendants")
}

func TestStaleClaim(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/staleclaim")
}

// TestManagersBehindInterface: a finalizer added through a manager of
// another package, behind the interface its factory returns, is an add:
// added only once the owner is found, a return on a missing owner strands
// nothing; added before the owner lookup, it does. The same holds when the
// manager's finalizer methods are promoted from a struct it embeds.
func TestManagersBehindInterface(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/managers/...")
}

// TestLookupBehindManagerWaited: a deletion's read behind another
// package's manager, of a kind whose own deletion waits for the reconciled
// kind through its manager, strands nothing; of a kind that waits for
// nothing, it does.
func TestLookupBehindManagerWaited(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/leases/...")
}

// TestOtherMessage: a branch for an error message that does not say "not
// found" is not taken when a referenced object is gone.
func TestOtherMessage(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/othermessage")
}

// TestThroughLibrary: a deletion reads a referenced Secret and releases
// finalizers through another package's helpers: one reads the Secret and
// hands its error back (a getter, by its fact), one removes a finalizer
// through the object's accessor (meta.Accessor in a helper of its own).
// The Secret's lookup is reported as keeping the Snapshot's finalizer, not
// the Secret's, whose release is a dependency's; a re-read of the object
// passed in, and a helper that answers a missing Secret with a nil error,
// are not reported.
func TestThroughLibrary(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/xhelper/...")
}

// TestOptionalLookup: a helper that answers a missing Secret with no
// Secret and a nil error (return nil, client.IgnoreNotFound(err)) makes
// no not-found for its caller's error test; a caller that stops on the
// missing Secret itself (key == nil) is reported.
func TestOptionalLookup(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/optional")
}

// TestNamedReads: a helper that reads whatever object its string
// parameters name (the dynamic client's Get) is a dependency read where the
// caller passes names its spec holds, and none where it passes the object's
// own name or the reconcile request.
func TestNamedReads(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/namedread")
	// The finding names each helper on the way, down to the read.
	checkRelated(t, results, "binding.go", 31, []string{
		"binding.go:26: the lookup",
		"lookup.go:29: which calls fetch",
		"lookup.go:17: which calls dyn.Resource(gvr).Namespace(ns).Get",
		"binding.go:34: the finalizer removal",
	})
	// Through a helper that reads what it is handed first and what the
	// spec names next, the trace names the read that fails here.
	checkRelated(t, results, "account.go", 37, []string{
		"account.go:36: the lookup",
		"account.go:21: which calls c.Get",
		"account.go:40: the finalizer removal",
	})
}

// TestFuncFields: a call of a struct field of function type runs what the
// package assigns to it (a method value, a function literal).
func TestFuncFields(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/funcfield")
}

// TestOthersProtection: a dependency read through a helper that another
// controller of the package also reads it through, and protects with a
// finalizer of its own, is named as that controller's in the finding, with
// the order of the deletions under which the protection holds; a Secret
// read through a helper no controller protects is not.
func TestOthersProtection(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/sharedsecret")
}

// TestToleratedRead: a helper that answers a missing parent with a nil
// error and hands on the error of a read it makes through the parent
// produces only that read's not-found: the finding names it, and the
// parent's deletion is not said to strand the helper's callers. A helper
// that skips what fails (if err != nil { continue }) produces nothing.
func TestToleratedRead(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/toleratedread")
}

// TestOwnerWalkerContract: an infrastructure pool that finds its Cluster
// API MachinePool with the package's own owner helper is waited for by it,
// so the helper's error returned before the deletion branch strands
// nothing; an owner of a local kind of the same name is no such owner.
func TestOwnerWalkerContract(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/walkerowner")
}

// TestWhileFound: a dependency read made only after another object was
// found, in deletion code that releases the finalizer when that object is
// missing, waits for that object at most, unless the object's own deletion
// waits for the reconciled kind.
func TestWhileFound(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/whilefound", "finalizerblock/whilefound/pool")
}

// TestWriteBack: a finalizer kept by appending it to the list that
// SetFinalizers writes back, when its cleanup fails, is kept for good when
// the cleanup's lookup finds its object deleted; one whose cleanup takes
// not-found as done is not.
func TestWriteBack(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/writeback")
}

// TestRemovedInMemory: a finalizer removed from an object in memory that
// nothing writes back (a fresh copy while the cached object is updated, a
// copy written through its status only) stays on the API server's object;
// a removal from an object that is written, by the function, a helper, a
// deferred patch or the caller, is not reported.
func TestRemovedInMemory(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/inmemory")
}

// TestAssignedFinalizers: a finalizer released by assigning the object's
// Finalizers field (a loop that keeps the others, a filtering helper) is a
// removal like controllerutil.RemoveFinalizer; an assignment that appends,
// sets a literal or copies another object's list is none.
func TestAssignedFinalizers(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/assigned")
}

// TestClosureReads: a closure keyed by its parameter reads what its calls
// pass: a dependency when that is the name the spec refers to, none when
// it is made from the object's own name.
func TestClosureReads(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/closure")
}

// TestCollectedErrors: a lookup's error appended to a slice of errors that
// is returned when not empty, before the finalizer removal, keeps the
// finalizer; one collected only when it is not a not-found, or returned
// after the removal, does not.
func TestCollectedErrors(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/collected")
}

// TestParameterKinds: a helper that reads into the object its caller hands
// in (obj T, obj client.Object) reads the kind each call passes: the
// finding names it, and the deletion needs it.
func TestParameterKinds(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/paramkind")
}

// TestSwitchOnError: a switch whose first case takes a helper's not-found
// leaves its err != nil case to the other errors (no finding); one whose
// first case takes any error keeps the finalizer once the object is gone.
func TestSwitchOnError(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/switchcase")
}

// TestCredentialsBehindInterface: a reconciler reads what its deletion
// needs through an interface held in a field, whose implementation lives in
// a package it imports (known by its fact, never checked as an entry
// point there): the call's not-found returned for a retry keeps the
// finalizer, directly or through a method of the reconciler; a not-found
// let go does not.
func TestCredentialsBehindInterface(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/credsource/...")
}

// TestRegisteredFinalizers: controller-runtime's finalizer registry calls a
// registered Finalize only while deleting and keeps the finalizer while it
// fails: a lookup there that fails for good once its object is gone keeps
// it for good; one that treats not-found as gone does not.
func TestRegisteredFinalizers(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/crfinalizer")
}

// TestAssignedAdds: a finalizer added by appending to an object's
// Finalizers field is an add: a Secret the controller holds that way, and
// releases in its deletion, is protected.
func TestAssignedAdds(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/heldassigned")
	got := gopathtest.Categories(results)
	want := map[string]int{"protected": 1}
	if !maps.Equal(got, want) {
		t.Errorf("categories of the findings: got %v, want %v", got, want)
	}
}

// TestKeyHelpers: a read keyed by what a helper builds from the spec (an
// accessor of the API type in another package, a function of the package)
// reads what the spec names; so does a helper that searches a list for it
// and answers "none" with no object.
func TestKeyHelpers(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/keyhelpers/...")
}

// TestNotReady: a wait for an owner's or dependency's readiness before the
// deletion branch holds the deletion for as long as it is not ready, for
// good when it never will be; after the deletion branch, or on a live
// object only, it holds nothing.
func TestNotReady(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/notready")
}

// TestAlreadyGone: deletion code that deletes a child it made by name, and
// hands back the Delete's not-found, is stuck once the child is gone; a
// Delete of what a lookup or List found, one of its own kind, one that
// tolerates not-found and one outside deletion code are not reported.
func TestAlreadyGone(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/alreadygone")
}

// TestNilGuard: a helper that reads what an object refers to only when it
// is handed one, called with the variable the reconciler sets to nil when
// that object is not found, reads only while the object exists; with an
// empty object kept on not-found, or a read of the reconciled object's own
// before the helper's test, the read waits for nothing.
func TestNilGuard(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/nilguard")
}

// TestOperandTest: the object a deletion path is for is the one its test
// of deletion reads, also when that test is one operand of a condition;
// a fresh copy of it read by its own name is the object itself.
func TestOperandTest(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/operandtest")
}

// TestLatchedReadiness: a wait for a dependency's readiness before the
// finalizer is added holds nothing when the readiness field is set to true
// and never back by the code in sight (the package and what it imports);
// it is reported when the field can go back to false, when no code in
// sight sets it, and when the finalizer comes before the wait.
func TestLatchedReadiness(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/latchedgate")
}

// TestResultHelpers: a return of a result helper's results retries when one
// of the helper's returns does, or when the helper's result comes from
// another package; it drops the error when every return of the helper
// (through the package's helpers) asks for nothing.
func TestResultHelpers(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/resulthelper")
}

// TestAppliedRemover: a helper of another package that applies the
// finalizer operation it is given to the object releases the finalizer when
// given a remover, and nothing when given an adder.
func TestAppliedRemover(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/applied")
}

// TestSentinel: a helper that answers a missing referenced object with an
// error value of its own (return errGone), in the package or another one:
// a caller's errors.Is test of that value is where the object is seen
// gone, a test of another value is not taken then, and the reads whose
// not-found the helper hands on as it is still reach the returns after it.
func TestSentinel(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/sentinel/...")
}

// TestDeadlockBetweenSiblings: two controllers in sibling packages that do
// not import each other wait for each other to be gone; the first package
// that imports both (the one that sets them up) reports the circular wait,
// once, where it sets up the controller whose wait is on a lookup, and an
// importer of that package does not report it again; a package whose own
// wait is on a listing reports it there when the other half is imported.
// Beside a Book controller that does not wait, no finding.
func TestDeadlockBetweenSiblings(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer,
		"finalizerblock/siblings/book", "finalizerblock/siblings/manager", "finalizerblock/siblings/managerok", "finalizerblock/siblings/cmd",
		"finalizerblock/siblings/shelfimport", "finalizerblock/siblings/clustermanager")
	// Each finding names both halves as related positions; the one on
	// the package's own listing wait names the imported half's return.
	for _, r := range results {
		for _, d := range r.Diagnostics {
			want := 2
			if r.Pass.Pkg.Name() == "shelfimport" {
				want = 1
			}
			if len(d.Related) != want {
				t.Errorf("%s: %d related positions, want %d", r.Pass.Fset.Position(d.Pos), len(d.Related), want)
			}
			for _, rel := range d.Related {
				if p := r.Pass.Fset.Position(rel.Pos); p.Line == 0 {
					t.Errorf("%s: related %q has no line", r.Pass.Fset.Position(d.Pos), rel.Message)
				}
			}
		}
	}
}

// TestSpecGate: a deletion that reaches the removal of its finalizer only
// while a field of the object's own spec says so ends silently otherwise,
// and a resync finds the same spec: reported at that return. A spec that
// decides only the cleanup, a Retain that releases at once, an invalid
// value returned as an error, a suspend switch before the deletion test and
// a status field are left alone.
func TestSpecGate(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/specgate")
}

// TestRemovalOfOtherKinds: a call whose callees (an interface's
// implementations in another package) release finalizers of objects of
// other kinds only is not the removal of the reconciled object's; one that
// may release an object of its kind is.
func TestRemovalOfOtherKinds(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/sweeper/...")
}

// TestStatusGate: a deletion that reaches the removal of its finalizer only
// while a field of the object's status says so, a field the controller
// sets only outside deletion, ends silently otherwise (category
// statusgate). A status cleared while deleting, and a field no code of the
// package writes (another component's, see TestSpecGate), are left alone.
func TestStatusGate(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/statusgate", "finalizerblock/statusgate/staged")
}

// TestReassignedOnSuccess: a lookup's error variable reassigned only on
// the success path still holds the lookup's error at the test after it,
// when the lookup failed; reassigned on the failure path (a forgiven
// not-found), it does not.
func TestReassignedOnSuccess(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/successpath")
}

// TestAppliedProtection: a dependency held with the controller's finalizer
// through another package's helper that applies the edit it is given
// (fin.Manage(ctx, c, network, fin.Set), released with fin.Unset) is
// protected, as one held through a direct add is.
func TestAppliedProtection(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), finalizerblock.Analyzer, "finalizerblock/appliedhold")
	if got, want := gopathtest.Categories(results), map[string]int{"protected": 1}; !maps.Equal(got, want) {
		t.Errorf("categories of the findings: got %v, want %v", got, want)
	}
}
