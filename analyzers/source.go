package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// The rules look only at packages in scope: those that import Kubernetes
// code, directly or not, and are not Kubernetes libraries used as
// dependencies (k8s.io/..., controller-runtime: the rules know their APIs by
// name). Every rule, and every analysis whose facts they use, returns at once
// for a package out of scope, in every driver. A driver that chooses how to
// load each dependency (the standalone command) can therefore read the
// dependencies out of scope from export data, and type-check from source
// only those in scope: a package P is in scope when
//
//	!Library(P) && (KubernetesPackage(P) || some package P imports reaches a KubernetesPackage)

// KubernetesPackage reports whether pkgPath is a package whose import,
// direct or not, can bring a package into the rules' scope: apimachinery,
// client-go, controller-runtime, Cluster API, Config Connector or
// deletionlint's runtime.
func KubernetesPackage(pkgPath string) bool { return recognize.KubernetesPackage(pkgPath) }

// Library reports whether the package pkgPath of module mod is a Kubernetes
// library used as a dependency, out of scope whatever it imports: a package
// under k8s.io/ or controller-runtime in a module that is not the main one
// (mod has a version). With no module (GOPATH mode), the path decides.
func Library(pkgPath string, mod *analysis.Module) bool { return recognize.Library(pkgPath, mod) }
