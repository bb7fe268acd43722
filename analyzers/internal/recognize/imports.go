package recognize

import "go/types"

// ReachesKubernetes reports whether pkg imports, directly or transitively,
// any Kubernetes, controller-runtime, Cluster API, Config Connector or
// deletionlint runtime package. Rules use it as their fast path: a package
// that reaches none of them is left alone before any traversal.
//
// Transitive imports are known only as far as the type checker recorded
// them, which for export data is the complete set of packages mentioned in
// exported API; a package whose own imports qualify is always recognised.
func ReachesKubernetes(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		if KubernetesPackage(p.Path()) {
			return true
		}
		for _, imp := range p.Imports() {
			if visit(imp) {
				return true
			}
		}
		return false
	}
	return visit(pkg)
}
