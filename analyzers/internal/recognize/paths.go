package recognize

import (
	"slices"
	"strings"
)

// Import paths of the packages whose APIs the rules recognise: one
// constant per path, which every rule and analysis uses.
const (
	PkgAPI               = "k8s.io/api" // the root of the built-in kinds' packages
	PkgCoreV1            = "k8s.io/api/core/v1"
	PkgBatchV1           = "k8s.io/api/batch/v1"
	PkgApimachineryRoot  = "k8s.io/apimachinery"
	PkgMetaV1            = "k8s.io/apimachinery/pkg/apis/meta/v1"
	PkgUnstructured      = "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	PkgAPIErrors         = "k8s.io/apimachinery/pkg/api/errors"
	PkgAPIMeta           = "k8s.io/apimachinery/pkg/api/meta"
	PkgTypes             = "k8s.io/apimachinery/pkg/types"
	PkgSchema            = "k8s.io/apimachinery/pkg/runtime/schema"
	PkgClientGo          = "k8s.io/client-go"
	PkgTypedClients      = "k8s.io/client-go/kubernetes/typed" // the root of the typed clientsets' packages
	PkgApplyConfigs      = "k8s.io/client-go/applyconfigurations"
	PkgPtr               = "k8s.io/utils/ptr"
	PkgPointer           = "k8s.io/utils/pointer"           // ptr's deprecated predecessor
	PkgControllerRuntime = "sigs.k8s.io/controller-runtime" // also the package imported as ctrl
	PkgClient            = "sigs.k8s.io/controller-runtime/pkg/client"
	PkgBuilder           = "sigs.k8s.io/controller-runtime/pkg/builder"
	PkgController        = "sigs.k8s.io/controller-runtime/pkg/controller"
	PkgControllerutil    = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	PkgFinalizer         = "sigs.k8s.io/controller-runtime/pkg/finalizer"
	PkgHandler           = "sigs.k8s.io/controller-runtime/pkg/handler"
	PkgManager           = "sigs.k8s.io/controller-runtime/pkg/manager"
	PkgPredicate         = "sigs.k8s.io/controller-runtime/pkg/predicate"
	PkgSource            = "sigs.k8s.io/controller-runtime/pkg/source"
	PkgReconcile         = "sigs.k8s.io/controller-runtime/pkg/reconcile"
	PkgClusterAPI        = "sigs.k8s.io/cluster-api"
	PkgConfigConnector   = "github.com/GoogleCloudPlatform/k8s-config-connector"
	PkgRuntimeModule     = "github.com/deletionlint/deletionlint/runtime"
)

// kubernetesRoots are the module roots whose import, direct or transitive,
// makes a package worth analysing. A package that reaches none of them cannot
// hold a controller, an owner reference or a deletion check.
var kubernetesRoots = []string{
	PkgApimachineryRoot,
	PkgControllerRuntime,
	PkgClientGo,
	PkgConfigConnector,
	PkgClusterAPI,
	PkgRuntimeModule,
}

// PathIs reports whether pkgPath is path, or a vendored or forked copy of it:
// a path that ends in "/"+path.
func PathIs(pkgPath, path string) bool {
	if pkgPath == path {
		return true
	}
	n, m := len(pkgPath), len(path)
	return n > m && pkgPath[n-m-1] == '/' && pkgPath[n-m:] == path
}

// PathUnder reports whether pkgPath is root or a package below it, allowing
// for vendored copies as PathIs does.
func PathUnder(pkgPath, root string) bool {
	for p := pkgPath; p != ""; {
		if PathIs(p, root) {
			return true
		}
		i := lastSlash(p)
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return false
}

func lastSlash(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}

// TestSupport reports whether a directory or import path element of that
// name holds tests or test support rather than the operator: test, tests,
// testing, testdata, e2e, envtest, fake, fakes, and names beginning with
// test_, testutil or testhelper. A fake controller that a test suite starts
// in envtest, or a fake client, is not code that runs in a cluster.
func TestSupport(name string) bool {
	switch name {
	case "test", "tests", "testing", "testdata", "e2e", "envtest", "fake", "fakes":
		return true
	}
	return strings.HasPrefix(name, "test_") || strings.HasPrefix(name, "testutil") || strings.HasPrefix(name, "testhelper")
}

// InTestSupport reports whether the package path has an element that
// names test support (see TestSupport).
func InTestSupport(path string) bool {
	return slices.ContainsFunc(strings.Split(path, "/"), TestSupport)
}

// Project returns the root of the project (the repository) that holds the
// package path, vendored or not: host/owner/name on hosts that name
// repositories so (github.com, gitlab.com, bitbucket.org), host/name on
// any other host (sigs.k8s.io/cluster-api, whose api module is part of
// it), and the first element of a path without a host (GOPATH). Two
// packages of one project are released together: the kinds of one are
// the other's own, not another team's.
func Project(pkgPath string) string {
	if i := strings.LastIndex(pkgPath, "/vendor/"); i >= 0 {
		pkgPath = pkgPath[i+len("/vendor/"):]
	}
	elems := strings.Split(pkgPath, "/")
	n := 1
	if strings.Contains(elems[0], ".") {
		n = 2
		switch elems[0] {
		case "github.com", "gitlab.com", "bitbucket.org":
			n = 3
		}
	}
	return strings.Join(elems[:min(n, len(elems))], "/")
}

// KubernetesProject reports whether the package path belongs to one of
// Kubernetes' own projects (k8s.io/api, k8s.io/apiextensions-apiserver,
// ...): its kinds are served, and their finalizers handled, by Kubernetes
// itself.
func KubernetesProject(pkgPath string) bool {
	return strings.HasPrefix(Project(pkgPath), "k8s.io/")
}

// stdRoots are the first elements of the standard library's import paths.
var stdRoots = map[string]bool{
	"archive": true, "bufio": true, "bytes": true, "cmp": true, "compress": true, "container": true, "context": true,
	"crypto": true, "database": true, "debug": true, "embed": true, "encoding": true, "errors": true, "expvar": true,
	"flag": true, "fmt": true, "go": true, "hash": true, "html": true, "image": true, "index": true, "internal": true,
	"io": true, "iter": true, "log": true, "maps": true, "math": true, "mime": true, "net": true, "os": true,
	"path": true, "plugin": true, "reflect": true, "regexp": true, "runtime": true, "slices": true, "sort": true,
	"strconv": true, "strings": true, "structs": true, "sync": true, "syscall": true, "testing": true, "text": true,
	"time": true, "unicode": true, "unique": true, "unsafe": true, "weak": true,
}

// IsStdPath reports whether path is a package of the standard library (or
// could be: its first element is one of the standard library's).
func IsStdPath(path string) bool {
	root, _, _ := strings.Cut(path, "/")
	return stdRoots[root]
}
