package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/analyzers"
)

// sourceNeeded returns the test the loader applies to each dependency:
// whether it is in the rules' scope (see analyzers.Library), so that it must
// be type-checked from source for the facts the rules learn from it. Every
// other dependency is read from export data. The loader calls the test on a
// package after the packages it imports, and the test remembers what it
// learnt of them.
func sourceNeeded() func(*packages.Package) bool {
	reaches := make(map[*packages.Package]bool)
	var reach func(p *packages.Package) bool
	reach = func(p *packages.Package) bool {
		if r, ok := reaches[p]; ok {
			return r
		}
		reaches[p] = false // import cycles cannot occur; stay finite anyway
		r := analyzers.KubernetesPackage(p.PkgPath)
		for _, imp := range p.Imports {
			r = reach(imp) || r
		}
		reaches[p] = r
		return r
	}
	return func(p *packages.Package) bool {
		return reach(p) && !analyzers.Library(p.PkgPath, module(p))
	}
}

// module gives the package's module in the form analyzers see it.
func module(p *packages.Package) *analysis.Module {
	if p.Module == nil {
		return nil
	}
	return &analysis.Module{Path: p.Module.Path, Version: p.Module.Version, GoVersion: p.Module.GoVersion}
}
