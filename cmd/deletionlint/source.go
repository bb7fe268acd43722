package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/analyzers"
)

// sourceNeeded returns the test the loader applies to each dependency:
// whether it is in the rules' scope (analyzers.Scope, the test every
// analysis applies to its package), so that it must be type-checked from
// source for the facts the rules learn from it. Every other dependency is
// read from export data. The test remembers what it learnt of the packages
// it was asked about.
func sourceNeeded() func(*packages.Package) bool {
	scope := &analyzers.Scope[*packages.Package]{
		Path: func(p *packages.Package) string { return p.PkgPath },
		Imports: func(p *packages.Package) []*packages.Package {
			imps := make([]*packages.Package, 0, len(p.Imports))
			for _, imp := range p.Imports {
				imps = append(imps, imp)
			}
			return imps
		},
		Module: module,
	}
	return scope.In
}

// module gives the package's module in the form analyzers see it.
func module(p *packages.Package) *analysis.Module {
	if p.Module == nil {
		return nil
	}
	return &analysis.Module{Path: p.Module.Path, Version: p.Module.Version, GoVersion: p.Module.GoVersion}
}
