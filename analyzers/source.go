package analyzers

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// SourceNeeded returns the test a driver that chooses how to load each
// dependency (the standalone command, through internal/load) applies to a
// dependency: whether the rules can learn anything from it, so that it must
// be type-checked from source and analysed for facts. That is the case for
// a package that imports Kubernetes code, directly or not, and is not a
// Kubernetes library used as a dependency (k8s.io/..., controller-runtime:
// the rules know their APIs by name). Every other dependency can be read
// from export data: the rules skip it in every driver.
//
// The test must see each package after the packages it imports; it keeps
// what it learns about them.
func SourceNeeded() func(*packages.Package) bool {
	reaches := make(map[*packages.Package]bool)
	var reach func(p *packages.Package) bool
	reach = func(p *packages.Package) bool {
		r, ok := reaches[p]
		if ok {
			return r
		}
		reaches[p] = false // cycles cannot occur; be safe anyway
		r = recognize.KubernetesPackage(p.PkgPath)
		for _, imp := range p.Imports {
			r = reach(imp) || r
		}
		reaches[p] = r
		return r
	}
	return func(p *packages.Package) bool {
		return reach(p) && !recognize.Library(p.PkgPath, module(p))
	}
}

// module gives the package's module in the form analyzers see it.
func module(p *packages.Package) *analysis.Module {
	if p.Module == nil {
		return nil
	}
	return &analysis.Module{Path: p.Module.Path, Version: p.Module.Version, GoVersion: p.Module.GoVersion}
}
