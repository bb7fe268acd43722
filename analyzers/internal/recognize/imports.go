package recognize

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Scope decides which packages of an import graph the rules look at (see
// InScope), for any representation of the graph: go/types packages while
// analysing, or a driver's own package list before type-checking (the
// standalone command decides so which dependencies to load from source).
// It remembers what it learnt, so a driver may ask about every package of
// a graph in turn at linear cost.
type Scope[P comparable] struct {
	Path    func(P) string
	Imports func(P) []P
	// Module returns the package's module, nil when unknown (GOPATH).
	Module  func(P) *analysis.Module
	reaches map[P]bool
}

// In reports whether p is in scope: it reaches Kubernetes and is not a
// Kubernetes library used as a dependency.
func (s *Scope[P]) In(p P) bool {
	var mod *analysis.Module
	if s.Module != nil {
		mod = s.Module(p)
	}
	return !Library(s.Path(p), mod) && s.Reaches(p)
}

// Reaches reports whether p imports, directly or transitively, any
// Kubernetes, controller-runtime, Cluster API, Config Connector or
// deletionlint runtime package (see KubernetesPackage), or is one.
func (s *Scope[P]) Reaches(p P) bool {
	if r, ok := s.reaches[p]; ok {
		return r
	}
	if s.reaches == nil {
		s.reaches = make(map[P]bool)
	}
	s.reaches[p] = false // import cycles cannot occur; stay finite anyway
	r := KubernetesPackage(s.Path(p))
	for _, imp := range s.Imports(p) {
		if r {
			break
		}
		r = s.Reaches(imp)
	}
	s.reaches[p] = r
	return r
}

// typesScope returns a Scope over go/types packages.
func typesScope(mod *analysis.Module) *Scope[*types.Package] {
	return &Scope[*types.Package]{
		Path:    (*types.Package).Path,
		Imports: (*types.Package).Imports,
		Module:  func(*types.Package) *analysis.Module { return mod },
	}
}
