package analyzers

import (
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/settings"
)

// Scope decides which packages of an import graph the rules look at, for a
// driver's own representation of packages (see recognize.Scope): those that
// import Kubernetes code, directly or not, and are not Kubernetes libraries
// used as dependencies (k8s.io/..., controller-runtime: the rules know their
// APIs by name). Every rule, and every analysis whose facts they use,
// applies the same test to its package and returns at once for a package
// out of scope, in every driver. The standalone command therefore reads the
// dependencies out of scope from export data, and type-checks from source
// only those in scope, by asking a Scope over its packages.
type Scope[P comparable] = recognize.Scope[P]

// IncludeGenerated reports whether the analyzers look into generated files
// (the include-generated setting); without it they leave them out, facts
// included, in every driver.
func IncludeGenerated() bool { return settings.IncludeGenerated() }
