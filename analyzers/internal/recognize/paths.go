package recognize

// Import paths of the packages whose APIs the rules recognise.
const (
	PkgMetaV1            = "k8s.io/apimachinery/pkg/apis/meta/v1"
	PkgUnstructured      = "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	PkgAPIErrors         = "k8s.io/apimachinery/pkg/api/errors"
	PkgCtrl              = "sigs.k8s.io/controller-runtime"
	PkgClient            = "sigs.k8s.io/controller-runtime/pkg/client"
	PkgBuilder           = "sigs.k8s.io/controller-runtime/pkg/builder"
	PkgController        = "sigs.k8s.io/controller-runtime/pkg/controller"
	PkgControllerutil    = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	PkgHandler           = "sigs.k8s.io/controller-runtime/pkg/handler"
	PkgManager           = "sigs.k8s.io/controller-runtime/pkg/manager"
	PkgPredicate         = "sigs.k8s.io/controller-runtime/pkg/predicate"
	PkgSource            = "sigs.k8s.io/controller-runtime/pkg/source"
	PkgReconcile         = "sigs.k8s.io/controller-runtime/pkg/reconcile"
	PkgRuntimeModule     = "github.com/deletionlint/deletionlint/runtime"
	PkgConfigConnector   = "github.com/GoogleCloudPlatform/k8s-config-connector"
	PkgClusterAPI        = "sigs.k8s.io/cluster-api"
	PkgClientGo          = "k8s.io/client-go"
	PkgApimachineryRoot  = "k8s.io/apimachinery"
	PkgControllerRuntime = "sigs.k8s.io/controller-runtime"
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
