// Command noop is the floor deletionlint's cost is measured against: the
// same driver as the deletionlint command (internal/driver's Run: the
// standalone command, and multichecker's go vet protocol) with one analyzer
// that does nothing, has no requirements and no facts. What noop costs is
// loading and type-checking; what deletionlint costs beyond it is its
// analysis, and the dependencies it loads from source for facts.
package main

import (
	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/internal/driver"
)

// Analyzer does nothing. It is named apart from the command: under go vet
// the analyzer that prints the findings takes the command's name, and two
// analyzers of one name define the same flag.
var Analyzer = &analysis.Analyzer{
	Name: "nothing",
	Doc:  "does nothing: the floor for measuring analysis cost",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() {
	driver.Run(driver.Program{
		Options: driver.Options{Name: "noop", Analyzers: []*analysis.Analyzer{Analyzer}},
		Summary: "noop reports nothing: it is the floor deletionlint's cost is measured against.\n",
	})
}
