package children

import (
	"go/ast"
	"go/types"
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
	if rest, ok := strings.CutPrefix(path, recognize.PkgAPI+"/"); ok && strings.Count(rest, "/") == 1 {
		// Not imported here: name k8s.io/api's packages as the
		// scaffolding does (appsv1, corev1), not by their name (v1).
		pkgName = strings.ReplaceAll(rest, "/", "")
	}
	return pkgName + "." + typeName, false
}
