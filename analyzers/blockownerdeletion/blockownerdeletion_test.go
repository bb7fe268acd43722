package blockownerdeletion_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/blockownerdeletion"
	"github.com/deletionlint/deletionlint/analyzers/internal/configtest"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

func TestLiterals(t *testing.T) {
	gopathtest.RunWithSuggestedFixes(t, blockownerdeletion.Analyzer, "blockownerdeletion/literal")
}

func TestAssignments(t *testing.T) {
	gopathtest.RunWithSuggestedFixes(t, blockownerdeletion.Analyzer, "blockownerdeletion/assign")
}

func TestFunctionsAcrossPackages(t *testing.T) {
	gopathtest.RunWithSuggestedFixes(t, blockownerdeletion.Analyzer, "blockownerdeletion/helpers", "blockownerdeletion/callers")
}

func TestAllOwnerReferences(t *testing.T) {
	configtest.Apply(t, "", "blockownerdeletion: {all-owner-references: true}")
	gopathtest.RunWithSuggestedFixes(t, blockownerdeletion.Analyzer, "blockownerdeletion/allrefs", "blockownerdeletion/addimport")
}

// TestExpectations: references without the owner's identity are
// expectations, never written to an object.
func TestExpectations(t *testing.T) {
	gopathtest.RunWithSuggestedFixes(t, blockownerdeletion.Analyzer, "blockownerdeletion/expectations")
}

// TestPlainControl: a plain owner reference without blockOwnerDeletion
// that a controller gives the objects it creates for its object alone
// (through SetOwnerReference, or a generator's literal) is reported where
// it is set; one that blocks, one of several owners and one on an object
// the controller only updates are not.
func TestPlainControl(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), blockownerdeletion.Analyzer, "blockownerdeletion/plaincontrol", "blockownerdeletion/plaincontrol/claims", "blockownerdeletion/plaincontrol/mapped", "blockownerdeletion/plaincontrol/controlplane")
}

// TestStatusOnly: a reference on an object built only to be compared (to
// compute a status) never reaches the API server; the same object created,
// or copied and handed on, does.
func TestStatusOnly(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), blockownerdeletion.Analyzer, "blockownerdeletion/statusonly")
}

// TestOwnerWaits: a controller reference without blockOwnerDeletion is
// not reported when its owner's deletion lists the children it gives such
// references to and requeues while any is left.
// TestScope: a cluster-scoped object's reference to a namespaced owner is
// one the garbage collector cannot resolve; blockOwnerDeletion is not what
// is wrong with it. One to a cluster-scoped owner is reported.
func TestScope(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), blockownerdeletion.Analyzer, "blockownerdeletion/scope")
}

func TestOwnerWaits(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), blockownerdeletion.Analyzer, "blockownerdeletion/ownerwaits")
}

// TestOrderOnly: a reference on a built-in child without finalizers of its
// own says that only the order of deletion changes (category order-only);
// one on a child with finalizers, or one the package adds a finalizer to,
// says what remains.
func TestOrderOnly(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), blockownerdeletion.Analyzer, "blockownerdeletion/orderonly")
}

// TestFlagParams: an owner-reference builder whose controller and
// blockOwnerDeletion flags are parameters is judged at each call by the
// flags it passes.
func TestFlagParams(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), blockownerdeletion.Analyzer, "blockownerdeletion/flagparams/refs", "blockownerdeletion/flagparams")
}

// TestClaimTemplates: a reference written into a StatefulSet's volume
// claim template (its literal, the field, a copy of an element of a
// parameter every caller passes the field) is the StatefulSet
// controller's to send, not reported; one on a claim the operator sends
// itself is.
func TestClaimTemplates(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), blockownerdeletion.Analyzer, "blockownerdeletion/claimtemplates")
}
