package children_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// TestFacts checks the summaries exported for helpers that other packages
// call: a generic helper that owns and creates its parameter, and a
// builder that returns a child with a controller reference.
func TestFacts(t *testing.T) {
	analysistest.Run(t, ownschildrenTestdata(t), children.Analyzer, "ownschildren/crosspkg/resources")
}

// TestMethodRefFacts: a reference an interface method of a parameter
// returns, none of whose implementations the package sees, is put in the
// child as that parameter's (param N.Method()); a caller that passes a
// kind of its own learns from the kind's method whether it is a
// controller reference and whose.
func TestMethodRefFacts(t *testing.T) {
	analysistest.Run(t, ownschildrenTestdata(t), children.Analyzer, "ownschildren/deepchain/identity", "ownschildren/deepchain/deploy")
}

// ownschildrenTestdata returns the ownschildren rule's test GOPATH: its case
// ownschildren/crosspkg/resources is the shape this test checks here, and stays with the
// rule whose behaviour depends on it.
func ownschildrenTestdata(t *testing.T) string {
	return gopathtest.Of(t, filepath.Join("..", "..", "..", "ownschildren", "testdata"))
}

// TestKeptFacts: a constructor that keeps an owner and a child in the
// fields of the struct it returns, as an interface, owns the child
// parameter for the owner parameter when a method of that struct sets the
// controller reference between the fields; one whose method only copies
// labels between them owns nothing.
func TestKeptFacts(t *testing.T) {
	analysistest.Run(t, ownschildrenTestdata(t), children.Analyzer, "ownschildren/keptchild/lib")
}

// TestBlockingFacts: which parameter of a helper is the owner of a
// reference that surely blocks its deletion, always or when a bool
// parameter says so (set by controllerutil, built as a literal, returned
// by a builder, handed on), and which references do not (an option that
// turns blocking off, a plain reference, one turned off afterwards).
func TestBlockingFacts(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), children.Analyzer, "children/blocking")
}
