package finalizersrbac

import (
	"go/ast"
	"go/constant"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
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

// apiOf reads the API facts of the analysed package from its syntax.
func apiOf(pass *analysis.Pass) *apiPackage {
	a := &apiPackage{Paths: make(map[string]string)}
	var fromVar *string
	for _, f := range pass.Files {
		if g, ok := groupName(f); ok && !a.Grouped {
			a.Group, a.Grouped = g, true
		}
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
			for _, s := range gd.Specs {
				vs, ok := s.(*ast.ValueSpec)
				if !ok || fromVar != nil {
					continue
				}
				for i, name := range vs.Names {
					obj := pass.TypesInfo.Defs[name]
					if obj != nil && i < len(vs.Values) && recognize.IsNamed(obj.Type(), recognize.PkgSchema, "GroupVersion") {
						if g, ok := groupField(pass.TypesInfo, vs.Values[i]); ok {
							fromVar = &g
						}
					}
				}
			}
		}
	}
	if fromVar != nil {
		// What the scheme registers the kinds under wins over a stale
		// +groupName: the client sends that group.
		a.Group, a.Grouped = *fromVar, true
	}
	if !a.Grouped {
		a.Group, a.Grouped = groupConst(pass.Pkg)
	}
	return a
}

// groupConst returns the value of pkg's GroupName constant, which
// k8s.io/api's packages (read from export data: they are out of the rules'
// scope) and some operators' API packages declare.
func groupConst(pkg *types.Package) (string, bool) {
	c, ok := pkg.Scope().Lookup("GroupName").(*types.Const)
	if !ok || c.Val().Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Val()), true
}

// groupName returns the value of a +groupName marker in the comments above
// a file's package clause.
func groupName(f *ast.File) (string, bool) {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if v, ok := markerBody(c.Text, "+groupName="); ok {
				return strings.Trim(strings.TrimSpace(v), `"`), true
			}
		}
	}
	return "", false
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
