// Command noop is the floor deletionlint's cost is measured against: the
// same driver (multichecker: a standalone command and a go vet tool) with
// one analyzer that does nothing, has no requirements and no facts. What
// noop costs is loading and type-checking; what deletionlint costs beyond
// it is its analysis.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

// Analyzer does nothing.
var Analyzer = &analysis.Analyzer{
	Name: "noop",
	Doc:  "does nothing: the floor for measuring analysis cost",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { multichecker.Main(Analyzer) }
