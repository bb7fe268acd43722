package finalizersrbac

import (
	"go/ast"
	"go/constant"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
)

// apiPackage is the fact of a Kubernetes API package: the group its kinds belong
// to and the resource names their +kubebuilder:resource markers set. The
// group comes from a package-level schema.GroupVersion literal
// (kubebuilder's GroupVersion, older SchemeGroupVersion: what the scheme
// registers the kinds under, so what the client sends), else from the
// package's +groupName marker, else from a GroupName constant.
type apiPackage struct {
	// Group is the API group; "" is the core group when Grouped is set.
	Group   string
	Grouped bool
	// Paths maps a type name to its +kubebuilder:resource:path.
	Paths map[string]string
}

// AFact implements analysis.Fact.
func (*apiPackage) AFact() {}

func (a *apiPackage) String() string {
	var b strings.Builder
	b.WriteString("api")
	if a.Grouped {
		b.WriteString(" group=" + a.Group)
	}
	for _, k := range slices.Sorted(maps.Keys(a.Paths)) {
		b.WriteString(" " + k + "=" + a.Paths[k])
	}
	return b.String()
}

// apiOf reads the API facts of the analysed package from its syntax: the
// group it declares (groupkind.Declared) and its resource paths.
func apiOf(pass *analysis.Pass) *apiPackage {
	a := &apiPackage{Paths: make(map[string]string)}
	a.Group, _, a.Grouped = groupkind.Declared(pass.Pkg, pass.Files, pass.TypesInfo)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, c := range typeMarkers(pass.Fset, f, gd) {
				path, ok := parseResourcePath(c.Text)
				if !ok {
					continue
				}
				for _, s := range gd.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						a.Paths[ts.Name.Name] = path
					}
				}
			}
		}
	}
	return a
}

// groupField returns the constant Group of a schema.GroupVersion or
// schema.GroupVersionKind composite literal.
func groupField(info *types.Info, e ast.Expr) (string, bool) {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	for i, elt := range lit.Elts {
		value := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != "Group" {
				continue
			}
			value = kv.Value
		} else if i != 0 {
			continue
		}
		return stringConst(info, value)
	}
	return "", true // Group omitted: the core group
}

// stringConst returns the value of a constant string expression.
func stringConst(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}
