// Command noop is the floor deletionlint's cost is measured against: the
// same drivers as the deletionlint command (internal/driver standalone, and
// multichecker's go vet protocol) with one analyzer that does nothing, has
// no requirements and no facts. What noop costs is loading and
// type-checking; what deletionlint costs beyond it is its analysis, and the
// dependencies it loads from source for facts.
package main

import (
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/deletionlint/deletionlint/internal/driver"
)

// Analyzer does nothing.
var Analyzer = &analysis.Analyzer{
	Name: "noop",
	Doc:  "does nothing: the floor for measuring analysis cost",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() {
	args := os.Args[1:]
	if n := len(args); n > 0 && (strings.HasSuffix(args[n-1], ".cfg") || slices.Contains(args, "-flags") || slices.Contains(args, "-V=full")) {
		multichecker.Main(Analyzer)
		return
	}
	os.Exit(driver.Main(driver.Options{Name: "noop", Analyzers: []*analysis.Analyzer{Analyzer}}, args, os.Stdout, os.Stderr))
}
