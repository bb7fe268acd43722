// Package objkind names the kinds of API objects by their Go types: the
// kind key "import/path.Name" of a struct type, Kubernetes' own kinds by
// apiVersion and kind, and how a file's code names a kind.
package objkind

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Of returns the kind key of t ("import/path.Name" of the named struct
// type, pointer removed), or "" for types that name no kind: interfaces,
// type parameters, unnamed types and unstructured objects.
func Of(t types.Type) string {
	n := recognize.Named(recognize.Unpointer(t))
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return ""
	}
	if k := applyConfiguration(n.Obj().Pkg().Path(), n.Obj().Name()); k != "" {
		return k // an apply configuration stands for the kind it configures
	}
	if recognize.PathIs(n.Obj().Pkg().Path(), recognize.PkgUnstructured) {
		return ""
	}
	if recognize.PathIs(n.Obj().Pkg().Path(), recognize.PkgMetaV1) {
		return "" // ObjectMeta, TypeMeta, ListMeta: parts of objects, not kinds
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// Split splits a kind key into its import path and type name.
func Split(kind string) (path, name string) {
	i := strings.LastIndex(kind, ".")
	if i < 0 {
		return "", kind
	}
	return kind[:i], kind[i+1:]
}

// applyConfiguration returns the kind a client-go apply configuration
// type configures (applyconfigurations/apps/v1.StatefulSetApplyConfiguration
// configures k8s.io/api/apps/v1.StatefulSet), or "".
func applyConfiguration(path, name string) string {
	i := strings.Index(path, recognize.PkgApplyConfigs+"/")
	base, ok := strings.CutSuffix(name, "ApplyConfiguration")
	if i < 0 || !ok || base == "" || (i > 0 && path[i-1] != '/') {
		return ""
	}
	return recognize.PkgAPI + "/" + path[i+len(recognize.PkgApplyConfigs)+1:] + "." + base
}

// HoldsObjects reports whether a value of type t is an object of no
// static kind, or a slice or map of such: an interface such as client.Object or
// runtime.Object (an interface with GetObjectKind or GetNamespace), or an
// object whose kind is set at run time (recognize.KindSetAtRunTime).
func HoldsObjects(t types.Type) bool {
	t = ElemType(t)
	if t == nil {
		return false
	}
	if types.IsInterface(t) {
		iface, _ := t.Underlying().(*types.Interface)
		if iface == nil {
			return false
		}
		for i := range iface.NumMethods() {
			switch iface.Method(i).Name() {
			case "GetObjectKind", "GetNamespace":
				return true
			}
		}
		return false
	}
	return recognize.KindSetAtRunTime(t)
}

// ElemType returns the type of the elements of t when t is a slice or a
// map (of slices), else t.
func ElemType(t types.Type) types.Type {
	for range 2 {
		if t == nil {
			return nil
		}
		switch u := t.Underlying().(type) {
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Map:
			t = u.Elem()
			continue
		}
		break
	}
	return t
}

// IsAPIObject reports whether t, or a pointer to it, has the
// DeepCopyObject method of a runtime.Object: an API object, as opposed to a
// struct that carries objects in its fields.
func IsAPIObject(t types.Type) bool {
	m, _, _ := types.LookupFieldOrMethod(types.NewPointer(recognize.Unpointer(t)), true, nil, "DeepCopyObject")
	return m != nil
}

// Builtin returns the kind key of a kind of Kubernetes' own API groups
// ("apps/v1", "Deployment" -> "k8s.io/api/apps/v1.Deployment"; the core
// group's "v1" -> k8s.io/api/core/v1), or "" for any other group: the
// package of a custom resource's kind is not told by its group.
func Builtin(apiVersion, kind string) string {
	if kind == "" || !token.IsIdentifier(kind) {
		return ""
	}
	group, version, grouped := strings.Cut(apiVersion, "/")
	if !grouped {
		group, version = "", apiVersion
	}
	if version == "" || strings.ContainsAny(version, "./") {
		return ""
	}
	var dir string
	switch {
	case group == "":
		dir = "core"
	case strings.HasSuffix(group, ".k8s.io"):
		dir = group[:strings.IndexByte(group, '.')]
	case !strings.Contains(group, "."):
		dir = group // apps, batch, policy, autoscaling
	default:
		return ""
	}
	return recognize.PkgAPI + "/" + dir + "/" + version + "." + kind
}

// NameIn returns how code in file of package pkg names the type kind:
// "Name" in its own package, "importname.Name" where file imports its
// package. ok is false when file does not import it; name is then
// "pkgname.Name" ("appsv1.Name" for k8s.io/api/apps/v1), for messages.
func NameIn(pkg *types.Package, file *ast.File, kind string) (name string, ok bool) {
	path, typeName := Split(kind)
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
