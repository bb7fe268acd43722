package ownschildren_test

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/ownschildren"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

func TestOwnsChildren(t *testing.T) {
	gopathtest.RunWithSuggestedFixes(t, ownschildren.Analyzer,
		"ownschildren/single", "ownschildren/split", "ownschildren/clientset", "ownschildren/crosspkg", "ownschildren/ensurechild", "ownschildren/negative", "ownschildren/apply", "ownschildren/generic", "ownschildren/moduleexample", "ownschildren/helperwatch", "ownschildren/ownerparam", "ownschildren/crossscope", "ownschildren/nofor", "ownschildren/typedref/...",
	)
}

// TestMissingDeepCopy runs the rule on a controller whose API package lacks
// its generated DeepCopyObject (a fresh checkout of a project that does not
// commit generated code): the package has type errors, and the rule still
// reports what its types show.
func TestMissingDeepCopy(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/illtyped/nodeepcopy/...")
}

// TestOwnershipThroughMetadata: the controller reference is set by a method
// of the API type on &child.ObjectMeta, through a utility package, and the
// child is created by a generic client.Object helper.
func TestOwnershipThroughMetadata(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/metaowner/...")
}

// TestInterfaceReconciler: a controller built by a setup function that
// takes a reconcile.Reconciler is the package's only reconciler type's.
func TestInterfaceReconciler(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/ifacerecon", "ownschildren/ifacetwo")
}

// TestStoredBuilder: a builder handed to another package's function that
// stores it in a struct whose method adds watches can only be watched by
// the builder calls of the controller's package and its dependencies; one
// that reaches a function value is left alone.
func TestStoredBuilder(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/storedbuilder/...")
}

// TestErasedKind: a client.Object variable assigned objects of several
// kinds is a child of each.
func TestErasedKind(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/erasedkind")
}

// TestInterfaceBuilder: a child built through an interface is what any
// implementation (here in another package) builds, for its own owner.
func TestInterfaceBuilder(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/ifacebuild/...")
}

// TestKeptController: watches added with the Watch method of a controller
// kept only for that count; a controller kept in a field is left alone.
func TestKeptController(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/keptcontroller")
}

// TestWatchFromFunc: the kind source.Kind watches is that of its object
// argument (a variable assigned a literal counts); an object a function
// returns as client.Object is of a kind the analysis cannot name (silent),
// and a handler's owner type or the requests a mapping function builds are
// not watched kinds.
func TestWatchFromFunc(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/watchfromfunc")
}

// TestInterfaceConfigurer: a builder handed to an interface method is
// watched as any implementation with a fact watches it.
func TestInterfaceConfigurer(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/ifaceconf/...")
}

// TestInterfaceEmbedded: an implementation whose method is promoted from
// a struct it embeds, in another package, watches what that method does.
func TestInterfaceEmbedded(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/ifaceembed/...")
}

// TestNewController: a controller made with controller.New (or a project's
// helper around it) and given its watches with its Watch method, in its
// function or in helpers it is passed to, is checked as a builder is; one
// kept in a field or handed to a function value is left alone.
func TestNewController(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/newcontroller/...")
}

// TestOptionsStruct: the owner and the child are given to a helper of
// another package in the fields of an options struct (a literal, a
// variable, a pointer to one), and it sets the controller reference from
// them.
func TestOptionsStruct(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/optionsstruct/...")
}

// TestBuilderWrapper: a controller built with a project's wrapper of the
// builder (a struct holding one, whose methods stand for the builder's) is
// checked as a builder chain; one handed to a function value is left alone.
func TestBuilderWrapper(t *testing.T) {
	gopathtest.RunWithSuggestedFixes(t, ownschildren.Analyzer, "ownschildren/wrapper/...")
}

// TestRawSource: a source made by a helper of another package counts for
// the kinds its facts give (none for a channel of events, Secrets for a
// source.Kind of Secrets, through an interface's implementation too); one
// of a kind not known leaves the controller alone.
func TestRawSource(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/rawsource/...")
}

// TestOldControllerRuntime: an operator on controller-runtime v0.14, whose
// builder is a struct (not yet an alias of TypedBuilder) and whose Watches
// takes a source, is checked as one on the current API.
func TestOldControllerRuntime(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "github.com/example/crv014/ownschildren")
}

// TestChildrenThroughHelpers: the shapes of real operators whose children
// reach the API server through code other than a controller-runtime
// client call beside the reference: a typed clientset (Update, Apply with
// an apply configuration), an owner reference made by a helper and passed
// through generator functions or an addOwnerRef helper, server-side apply
// in every spelling, a helper taking the owner as client.Object (reported
// at each caller), a plain owner reference under Owns, unstructured
// children of constant kinds, a list of resource builders, a library that
// keeps the owner from its constructor.
func TestChildrenThroughHelpers(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer,
		"ownschildren/typedclientset", "ownschildren/typedclientset/legacy", "ownschildren/refthroughhelpers", "ownschildren/serversideapply",
		"ownschildren/ownerinterface", "ownschildren/plainreference", "ownschildren/unstructuredkinds",
		"ownschildren/builderlist", "ownschildren/ownerholder", "ownschildren/keptchild", "ownschildren/embeddedmanifests", "ownschildren/decodedmanifests", "ownschildren/typedupdate")
}

// TestAPIVersions: kinds compare as GroupKinds. A child created through
// one API version's type and watched through another version's type of the
// same group (declared by a GroupVersion variable, a GroupName constant or
// a +groupName marker) is watched; a kind of the same name in another group
// is not.
func TestAPIVersions(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/apiversions")
}

// TestPolls: a reconciler that polls on every pass that succeeds repairs
// an unwatched child at its next poll, and the message says so (with the
// interval when it is a constant) under the category unwatched-child-polled;
// one that stops polling on some pass keeps the resync message.
func TestPolls(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/polls")
	categories := gopathtest.Categories(results)
	if categories["unwatched-child-polled"] != 4 || categories["unwatched-child"] != 2 {
		t.Errorf("categories %v, want 4 unwatched-child-polled and 2 unwatched-child", categories)
	}
}

// TestPodsWatched: a workload child of a controller that watches Pods
// through a mapping of its own is reported for its changes only, under a
// category of its own; other children, and Pods watched through their
// owner, keep the plain message.
func TestPodsWatched(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/podswatched")
	categories := gopathtest.Categories(results)
	if categories["unwatched-child-changes"] != 1 || categories["unwatched-child"] != 3 {
		t.Errorf("categories %v, want 1 unwatched-child-changes and 3 unwatched-child", categories)
	}
}

// TestOptionalOwner: a helper that creates a child only when given an
// owner makes no child for callers that pass nil.
func TestOptionalOwner(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/optionalowner")
}

// TestMadeWithWatched: a child made only while a watched object (its
// consumer Pod) is not found comes back with that object; one made on
// every pass and not watched is reported.
func TestMadeWithWatched(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/withconsumer")
}

// TestStages: a reconciler that runs stages held as an interface whose
// implementations, in another package, each create their own kinds: each
// unwatched kind is reported once, naming the stage that sets its
// reference, and the line that sets it, in the stage or in the helper it
// calls.
func TestStages(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/stages/...")
	want := map[string]string{
		"corev1.Secret": "steps.go:61: secretStage.Run sets the controller reference",
		"corev1.Service": "steps.go:47: serviceStage.Run sets the controller reference through desiredService; " +
			"steps.go:27: desiredService sets the controller reference",
	}
	got := make(map[string]string)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			kind, _, _ := strings.Cut(d.Message, " ")
			var rels []string
			for _, rel := range d.Related {
				if strings.Contains(rel.Message, "sets the controller reference") {
					p := r.Pass.Fset.Position(rel.Pos)
					rels = append(rels, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, rel.Message))
				}
			}
			got[kind] = strings.Join(rels, "; ")
		}
	}
	if !maps.Equal(got, want) {
		t.Errorf("related positions of the stages:\n got %q\nwant %q", got, want)
	}
}

// TestSelfOwner: an owner reference that each kind gives through a method
// of a shared interface (o.AsOwner(), o the interface) names the object the
// method is called on: its kind at each call of the builder.
func TestSelfOwner(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/selfowner")
}

// TestHistory: an unwatched ControllerRevision is reported under a category
// of its own, which says what its loss costs; a ConfigMap beside it keeps
// the plain one.
func TestHistory(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/history")
	categories := gopathtest.Categories(results)
	if categories["unwatched-history"] != 1 || categories["unwatched-child"] != 1 {
		t.Errorf("categories %v, want 1 unwatched-history and 1 unwatched-child", categories)
	}
}

// TestSelfDeleting: a child given a time to live after it finishes deletes
// itself by design, whether a helper in another package or an assignment
// sets it; a Job without one is reported.
func TestSelfDeleting(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/selfdeleting/...")
}

// TestRecords: a child named after a point in time (a schedule's slot, the
// clock) is a record of one run, which no pass makes again: not reported;
// a name kept for the owner's life (its creation timestamp) and a time kept
// only in an annotation are reported.
func TestRecords(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/records/...")
}

// TestDeepChain: a child whose reference an unexported builder sets, two
// packages and three calls below the reconciler, is reported at the
// reconciler's call, naming the builder and its line.
func TestDeepChain(t *testing.T) {
	checkRelated(t, "ownschildren/deepchain", []string{
		"deepchain.go:30: the controller of api.Alerter is built here",
		"deploy.go:16: Alerting sets the controller reference through account",
		"identity.go:29: account sets the controller reference",
	})
}

// TestSameName: a chain of methods of one name in three packages names
// each by its type and keeps each at its own line: the component's
// Reconcile at its declaration, the sub-reconciler's where it sets the
// reference.
func TestSameName(t *testing.T) {
	checkRelated(t, "ownschildren/samename", []string{
		"samename.go:32: the controller of cachev1.Memcached is built here",
		"components.go:14: Server.Reconcile sets the controller reference through ConfigReconciler.Reconcile",
		"configs.go:25: ConfigReconciler.Reconcile sets the controller reference",
	})
}

// checkRelated runs the analyzer on pkg and compares the related positions
// of its findings, as file:line: message, with want.
func checkRelated(t *testing.T, pkg string, want []string) {
	t.Helper()
	var got []string
	for _, r := range analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, pkg) {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, rel.Message))
			}
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("related positions:\n got %q\nwant %q", got, want)
	}
}

// TestDisowned: a controller reference a helper sets and the code then
// removes (RemoveControllerReference, RemoveOwnerReference,
// SetOwnerReferences(nil)) makes no controlled child, unless one is set
// again after the removal.
func TestDisowned(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/disowned")
}

// TestEnvironmentOwner runs the rule on a library that takes an
// environment struct holding the reconciled object and another: each
// child's owner is the object whose UID its reference literal takes.
func TestEnvironmentOwner(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/envowner/...")
}

// TestFieldKinds: objects stored in a struct field (a literal, appends in
// methods, an object a caller hands a method) and created from it are
// children of each kind stored; another field's objects are not.
func TestFieldKinds(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), ownschildren.Analyzer, "ownschildren/fieldkinds")
}
