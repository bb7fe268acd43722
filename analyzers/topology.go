package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/topology"
)

// Topology is the analysis behind `deletionlint graph`: on each package,
// its result is the package's part of the deletion graph, a
// *graph.Fragment (internal/graph). It is not a rule: it reports nothing.
var Topology *analysis.Analyzer = topology.Analyzer
