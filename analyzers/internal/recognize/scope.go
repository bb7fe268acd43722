package recognize

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// libraryRoots are the module roots of the Kubernetes libraries that
// controllers are built on. When such a package is a dependency (not part
// of the module being linted), the rules learn nothing from its code: what
// they need to know of it (metav1.NewControllerRef,
// controllerutil.CreateOrUpdate, the client's methods, ...) they recognise
// by name. Skipping them keeps the cost of facts to the code that can carry
// them, and lets the standalone command load these packages from export
// data.
var libraryRoots = []string{
	"k8s.io",
	PkgControllerRuntime,
}

// KubernetesPackage reports whether pkgPath is itself one of the packages
// whose import makes a package worth analysing (see Scope.Reaches).
func KubernetesPackage(pkgPath string) bool {
	for _, root := range kubernetesRoots {
		if PathUnder(pkgPath, root) {
			return true
		}
	}
	return false
}

// MainModule reports whether a package of module mod is of the module being
// linted (a module without a version), or of no module (GOPATH mode,
// tests): not a dependency's, whose findings are not the user's to fix.
func MainModule(mod *analysis.Module) bool {
	return mod == nil || mod.Version == ""
}

// Library reports whether the package pkgPath, in module mod, is part of a
// Kubernetes library used as a dependency: under k8s.io/ or
// controller-runtime, and not in a main module (a module without a version,
// the one being linted). With no module information (GOPATH mode, tests),
// the path alone decides.
func Library(pkgPath string, mod *analysis.Module) bool {
	if mod != nil && mod.Path != "" && mod.Version == "" {
		return false
	}
	p := pkgPath
	if i := strings.LastIndex(p, "/vendor/"); i >= 0 {
		p = p[i+len("/vendor/"):]
	}
	for _, root := range libraryRoots {
		if p == root || strings.HasPrefix(p, root+"/") {
			return true
		}
	}
	return false
}

// InScope reports whether the rules and the analyses whose facts they use
// look at the package of pass at all: it reaches Kubernetes (see
// Scope.Reaches) and is not a Kubernetes library used as a dependency
// (see Library). Every analysis returns at once for a package out of scope,
// exporting no facts, so that all drivers see the same facts.
func InScope(pass *analysis.Pass) bool {
	return inScope(pass.Pkg, pass.Module)
}

// PackageInScope is InScope for a package known only by its types (an
// import of the package being analysed; no module information).
func PackageInScope(pkg *types.Package) bool { return inScope(pkg, nil) }

func inScope(pkg *types.Package, mod *analysis.Module) bool {
	return pkg != nil && typesScope(mod).In(pkg)
}
