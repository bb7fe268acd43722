// Command noop is the floor deletionlint's cost is measured against: the
// same driver (multichecker: a standalone command and a go vet tool) with
// one analyzer that does nothing, has no requirements and no facts. What
// noop costs is loading and type-checking; what deletionlint costs beyond
// it is its analysis.
//
// With NOOP_FACTS=1 in the environment the analyzer declares a fact type
// (and still exports none). A driver must then run it on every dependency
// too: the standalone driver loads dependencies from source, go vet runs
// the tool on them. Comparing the two floors shows what facts cost before
// any analysis.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

// Analyzer does nothing.
var Analyzer = &analysis.Analyzer{
	Name: "noop",
	Doc:  "does nothing: the floor for measuring analysis cost",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

// unused is the fact type declared with NOOP_FACTS=1; it is never exported.
type unused struct{}

// AFact implements analysis.Fact.
func (*unused) AFact() {}

func main() {
	if os.Getenv("NOOP_FACTS") == "1" {
		Analyzer.FactTypes = []analysis.Fact{new(unused)}
	}
	multichecker.Main(Analyzer)
}
