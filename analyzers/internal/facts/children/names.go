package children

import (
	"go/ast"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// NameIn returns how code in file of package pkg names the type kind:
// "Name" in its own package, "importname.Name" where file imports its
// package. ok is false when file does not import it; name is then
// "pkgname.Name" ("appsv1.Name" for k8s.io/api/apps/v1), for messages.
func NameIn(pkg *types.Package, file *ast.File, kind string) (name string, ok bool) {
	path, typeName := SplitKind(kind)
	if path == pkg.Path() {
		return typeName, true
	}
	pkgName := path[strings.LastIndex(path, "/")+1:]
	if p := recognize.FindPackage(pkg, path); p != nil {
		pkgName = p.Name()
	}
	if file != nil {
		for _, imp := range file.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil || p != path {
				continue
			}
			switch {
			case imp.Name == nil:
				return pkgName + "." + typeName, true
			case imp.Name.Name != "_" && imp.Name.Name != ".":
				return imp.Name.Name + "." + typeName, true
			}
		}
	}
	if i := strings.LastIndex(path, "/"); i > 0 && pkgName == path[i+1:] && apiVersion.MatchString(pkgName) {
		// Not imported here: name an API version's package as the
		// scaffolding does (appsv1, corev1, routev1), not by its name
		// (v1), which many packages share; but not after the api or
		// apis directory that holds a project's versions.
		if dir := path[strings.LastIndex(path[:i], "/")+1 : i]; dir != "api" && dir != "apis" {
			pkgName = dir + pkgName
		}
	}
	return pkgName + "." + typeName, false
}

// apiVersion matches the name of a Kubernetes API version: v1, v1beta1,
// v2alpha3.
var apiVersion = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]+)?$`)
