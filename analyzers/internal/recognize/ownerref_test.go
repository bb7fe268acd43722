package recognize

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

const metaV1Src = `package v1
type OwnerReference struct {
	APIVersion, Kind, Name, UID string
	Controller, BlockOwnerDeletion *bool
}
`

const ptrSrc = `package ptr
func To[T any](v T) *T { return &v }
`

const ownerRefSrc = `package p

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

var trueVar = true

func boolPtr(b bool) *bool { return &b }
func yes() *bool { return ptr.To(true) }
func set(b *bool) {}

func refs(param bool) []metav1.OwnerReference {
	isController := true
	flipped := true
	flipped = false
	written := true
	set(&written)
	var zero bool
	return []metav1.OwnerReference{
		{Name: "lit", Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(false)},
		{Name: "var", Controller: &isController},
		{Name: "global", Controller: &trueVar},
		{Name: "helper", Controller: boolPtr(true)},
		{Name: "niladic", Controller: yes()},
		{Name: "param", Controller: &param},
		{Name: "flipped", Controller: &flipped},
		{Name: "written", Controller: &written},
		{Name: "zero", Controller: &zero},
		{Name: "nil", Controller: nil},
		{Name: "absent"},
		{"v1", "Kind", "unkeyed", "uid", ptr.To(true), ptr.To(true)},
		{Name: "element", Controller: &[]bool{true}[0], BlockOwnerDeletion: &[]bool{false, true}[0]},
		{Name: "outofrange", Controller: &[]bool{true}[1]},
	}
}
`

type mapImporter map[string]*types.Package

func (m mapImporter) Import(path string) (*types.Package, error) {
	if p, ok := m[path]; ok {
		return p, nil
	}
	return importer.Default().Import(path)
}

func check(t *testing.T, fset *token.FileSet, path, src string, imp types.Importer, info *types.Info) (*types.Package, *ast.File) {
	t.Helper()
	f, err := parser.ParseFile(fset, path+".go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: imp}).Check(path, fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, f
}

func TestOwnerRefLiterals(t *testing.T) {
	fset := token.NewFileSet()
	imp := mapImporter{}
	imp[PkgMetaV1], _ = check(t, fset, PkgMetaV1, metaV1Src, imp, nil)
	imp["k8s.io/utils/ptr"], _ = check(t, fset, "k8s.io/utils/ptr", ptrSrc, imp, nil)
	info := &types.Info{
		Types: make(map[ast.Expr]types.TypeAndValue),
		Defs:  make(map[*ast.Ident]types.Object),
		Uses:  make(map[*ast.Ident]types.Object),
	}
	_, f := check(t, fset, "p", ownerRefSrc, imp, info)
	ins := inspector.New([]*ast.File{f})
	vals := NewBoolValues(info, ins, values.New(info, ins))

	want := map[string][2]Truth{
		"lit":        {True, False},
		"var":        {True, Absent},
		"global":     {True, Absent},
		"helper":     {True, Absent},
		"niladic":    {True, Absent},
		"param":      {Unknown, Absent},
		"flipped":    {Unknown, Absent},
		"written":    {Unknown, Absent},
		"zero":       {False, Absent},
		"nil":        {Absent, Absent},
		"absent":     {Absent, Absent},
		"unkeyed":    {True, True},
		"element":    {True, False},
		"outofrange": {Unknown, Absent},
	}
	seen := 0
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		o, ok := AsOwnerRefLit(info, lit, vals)
		if !ok {
			return true
		}
		name := ""
		for i, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok && kv.Key.(*ast.Ident).Name == "Name" {
				name = info.Types[kv.Value].Value.ExactString()
			} else if !ok && i == 2 {
				name = info.Types[e].Value.ExactString()
			}
		}
		name = name[1 : len(name)-1]
		w, ok := want[name]
		if !ok {
			t.Errorf("unexpected literal %s", name)
			return true
		}
		seen++
		if o.Controller != w[0] || o.BlockOwnerDeletion != w[1] {
			t.Errorf("%s: Controller, BlockOwnerDeletion = %v, %v; want %v, %v", name, o.Controller, o.BlockOwnerDeletion, w[0], w[1])
		}
		if got := IsControllerOwnerRef(info, lit, vals); got != (w[0] == True) {
			t.Errorf("%s: IsControllerOwnerRef = %v", name, got)
		}
		return true
	})
	if seen != len(want) {
		t.Errorf("saw %d owner reference literals, want %d", seen, len(want))
	}
	if !IsOwnerReference(types.NewPointer(imp[PkgMetaV1].Scope().Lookup("OwnerReference").Type())) {
		t.Error("IsOwnerReference(*OwnerReference) = false")
	}
}

// TestCarriesOwnerReference checks the types that carry owner references,
// and that a recursive type ends the search.
func TestCarriesOwnerReference(t *testing.T) {
	meta := types.NewPackage(PkgMetaV1, "v1")
	ref := types.NewNamed(types.NewTypeName(token.NoPos, meta, "OwnerReference", nil), types.NewStruct(nil, nil), nil)
	self := types.NewNamed(types.NewTypeName(token.NoPos, meta, "Refs", nil), nil, nil)
	self.SetUnderlying(types.NewSlice(self)) // type Refs []Refs
	for _, c := range []struct {
		t    types.Type
		want bool
	}{
		{ref, true},
		{types.NewPointer(ref), true},
		{types.NewSlice(ref), true},
		{types.NewArray(types.NewPointer(ref), 2), true},
		{types.Typ[types.String], false},
		{types.NewSlice(types.Typ[types.Int]), false},
		{self, false},
		{nil, false},
	} {
		if got := CarriesOwnerReference(c.t); got != c.want {
			t.Errorf("CarriesOwnerReference(%v) = %t, want %t", c.t, got, c.want)
		}
	}
}
